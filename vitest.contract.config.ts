import path from "node:path";
import { defineConfig } from "vitest/config";

/** The REST contract suite: starts the built app (tests/contract/global-setup.ts) and calls it over HTTP. */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    include: ["tests/contract/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/contract/global-setup.ts"],
    testTimeout: 30_000,
    // Starting may include a production build when the sources changed since the last one.
    hookTimeout: 1_200_000,
  },
});
