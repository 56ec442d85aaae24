import { spawn } from "node:child_process";
import { unknownFlag, usage, wantsHelp } from "../src/server/config/usage";
import { buildIfChanged } from "./build-if-changed";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS, serverBundle } from "./production-server";

const args = process.argv.slice(2);
// Usage and unknown options are answered before anything is built or started.
if (wantsHelp(args)) {
  process.stdout.write(usage());
  process.exit(0);
}
const unknown = unknownFlag(args);
if (unknown) {
  process.stderr.write(`Cannot start: unknown option ${unknown}. Run \`npm start -- --help\` for the usage.\n`);
  process.exit(2);
}

if (!buildIfChanged()) process.exit(1);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverBundle(), ...args], {
  stdio: "inherit",
  env: { ...process.env, ...SERVER_ENVIRONMENT },
});
// Stopping `npm start` stops the server the same way: it drains requests and flushes analytics first.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 0)));
