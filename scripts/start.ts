import { spawn } from "node:child_process";
import { buildIfChanged } from "./build-if-changed";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS, serverBundle } from "./production-server";

if (!buildIfChanged()) process.exit(1);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverBundle()], {
  stdio: "inherit",
  env: { ...process.env, ...SERVER_ENVIRONMENT },
});
// Stopping `npm start` stops the server the same way: it drains requests and flushes analytics first.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 0)));
