// JavaScript rather than TypeScript: the production server reads this file at every start, and a
// TypeScript config would load Next's compiler into it for that alone (about 60 MB of memory).
/** @type {import("next").NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Parallel end-to-end runs build into their own folders (see playwright.config.ts); the same
  // variable and default as NEXT_DIST_DIR in src/server/config/env.ts.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native and WASM database drivers must be loaded by Node, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pg"],
  typedRoutes: false,
  // Types are checked by `npm run typecheck` (tsc over the whole repository, which CI runs before any
  // build); the build does not check them again (26 s of a 60 s build on two cores).
  typescript: { ignoreBuildErrors: true },
  // The REST API answers its paths with and without the trailing slash, never through a redirect.
  skipTrailingSlashRedirect: true,
  experimental: {
    // radix-ui re-exports every primitive: import only the ones a screen names.
    optimizePackageImports: ["radix-ui"],
    // Each screen's server code loads on its first request instead of at start: 374–377 MB idle
    // against 416–438 (embedded database, both threads), for a slower first view of each screen.
    preloadEntriesOnStart: false,
  },
};

export default nextConfig;
