// How the production server runs, for `npm start` and every script that starts it: server.ts bundled
// into one JavaScript file (src/ inside it, packages imported from node_modules) that Node runs as
// it is. Running the TypeScript through tsx instead costs the server about 110 MB of memory: a
// loader thread, and every module's transpiled source and source map kept for stack traces.
import path from "node:path";
import { buildSync } from "esbuild";

const distDir = () => process.env.NEXT_DIST_DIR || ".next";

/** The bundled server, beside Next's build (the two are built together). */
export const serverBundle = () => path.join(distDir(), "custom-server", "server.mjs");

export function bundleServer(): void {
  buildSync({
    // The server, and the web app's thread it starts (src/server/threads/web-app.ts finds it beside itself).
    entryPoints: { server: "server.ts", "web-app-thread": "src/server/threads/web-app-thread.ts" },
    outdir: path.dirname(serverBundle()),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
    // Packages written as CommonJS call require(); an ES module has none of its own.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  });
}

/**
 * Node's flags for the server: young-generation garbage is collected in 4 MB semi-spaces instead of
 * 16 MB ones (the hot path allocates little; 24 MB less resident memory).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];

/** Two malloc arenas instead of eight per core: the threads of libvips, libuv and the workers otherwise each keep their own. */
export const SERVER_ENVIRONMENT = { NODE_ENV: "production", MALLOC_ARENA_MAX: "2" } as const;
