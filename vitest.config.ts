import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Files that need no database skip the integration setup (opening and migrating one costs ~2 s per file).
const UNIT = ["src/**/*.test.ts", "tests/repo/**/*.test.ts", "tests/lint/**/*.test.ts"];
// The request pipeline's tests under src/ serve requests that reach the database (sessions, custom domains).
const UNIT_WITH_DATABASE = ["src/server/pipeline/{request-pipeline,unknown-paths,json-shape}.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one file per core but one; on two cores that ran one file at a time, idle
    // while a file waited on a server or a timer (embedded run: 393 s with one, 329 s with two). Each
    // file has a database of its own (tests/integration/template-database.ts), on PostgreSQL too.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: "unit", include: UNIT, exclude: UNIT_WITH_DATABASE, setupFiles: ["tests/unit/setup.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", ...UNIT_WITH_DATABASE],
          globalSetup: ["tests/integration/template-database.ts"],
          setupFiles: ["tests/integration/setup.ts"],
        },
      },
    ],
    coverage: {
      provider: "v8",
      include: ["src/**/*.{ts,tsx}"],
      exclude: ["src/generated/**", "**/*.test.ts"],
      reporter: ["text-summary", "json-summary"],
    },
  },
});
