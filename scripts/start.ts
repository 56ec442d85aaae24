import { spawnSync } from "node:child_process";
import { buildIfChanged } from "./build-if-changed";

if (!buildIfChanged()) process.exit(1);

const server = spawnSync("npx", ["tsx", "server.ts"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
process.exit(server.status ?? 0);
