import type { NextConfig } from "next";
import { env } from "./src/server/config/env";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Parallel end-to-end runs build into their own folders (see playwright.config.ts).
  distDir: env.NEXT_DIST_DIR,
  // Native and WASM database drivers must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pg"],
  typedRoutes: false,
  // The REST API answers its paths with and without the trailing slash, never through a redirect.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
