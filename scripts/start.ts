import { spawn } from "node:child_process";
import { buildIfChanged } from "./build-if-changed";

if (!buildIfChanged()) process.exit(1);

const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
// Stopping `npm start` stops the server the same way: it drains requests and flushes analytics first.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 0)));
