import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

// `prisma generate` never runs the schema engine, but the CLI insists on finding one and would
// try to download it; pointing it at any existing file lets generate run offline.
const engineBinary = process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath;
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: engineBinary };
const prismaPackage = createRequire(import.meta.url).resolve("prisma/package.json");
const prismaCli = path.join(path.dirname(prismaPackage), "build/index.js");

const child = spawn(process.execPath, [prismaCli, "generate"], { env, stdio: "inherit" });
child.on("error", (error) => {
  console.error(error);
  process.exit(1);
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
