import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { variables } from "@/server/config/env";

// server.ts as `npm run dev` runs it (tsx): every failure here happens before Next or a build is needed.
const ROOT = path.resolve(import.meta.dirname, "../..");
const folders: string[] = [];
const servers: Server[] = [];

function tempDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "linkbio-start-"));
  folders.push(folder);
  return folder;
}

afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the server with only the given settings (nothing from this test's environment) and waits for it to exit. */
function start(settings: Record<string, string>, args: string[] = [], timeoutMs = 60_000): Promise<Outcome> {
  const env = {
    PATH: process.env.PATH!,
    HOME: process.env.HOME ?? "/tmp",
    NEXT_TELEMETRY_DISABLED: "1",
    ...settings,
  } as unknown as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

async function takenPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** One line on stderr that starts with "Cannot start:". */
function oneLine(outcome: Outcome): string {
  const lines = outcome.stderr.trim().split("\n");
  expect(lines, outcome.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot start: /);
  return lines[0]!;
}

describe("start-up failures exit non-zero with one line naming the cause and the fix", () => {
  it("a port in use", async () => {
    const port = await takenPort();
    const dataDir = tempDataDir();
    const outcome = await start({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" });
    expect(outcome.code).toBe(1);
    expect(oneLine(outcome)).toBe(
      `Cannot start: 127.0.0.1 port ${port} is already in use. Stop the process using it, or set PORT to a free port.`,
    );
    expect(fs.existsSync(path.join(dataDir, "owner.pid"))).toBe(false);
  });

  it("a metrics port in use", async () => {
    const port = await takenPort();
    const outcome = await start({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: tempDataDir(), METRICS_PORT: String(port) });
    expect(outcome.code).toBe(1);
    expect(oneLine(outcome)).toContain(`port ${port} is already in use. Stop the process using it, or set METRICS_PORT to a free port.`);
  });

  it("a bad setting, named with what it must be", async () => {
    const outcome = await start({ PORT: "http", LOG_LEVEL: "loud", DATA_DIR: tempDataDir() });
    expect(outcome.code).toBe(1);
    const line = oneLine(outcome);
    expect(line).toContain("PORT: must be a port number");
    expect(line).toContain("LOG_LEVEL: use fatal, error, warn, info, debug, trace or silent");
  });

  it("APP_URL missing in production on PostgreSQL", async () => {
    const outcome = await start({
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none",
      AUTH_SECRET: "x".repeat(32),
    });
    expect(outcome.code).toBe(1);
    expect(oneLine(outcome)).toContain("Missing required setting: APP_URL");
  });

  it("the embedded database held by another process: refused, and its lock left to its owner", async () => {
    const dataDir = tempDataDir();
    fs.writeFileSync(path.join(dataDir, "owner.pid"), String(process.pid));
    const outcome = await start({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir });
    expect(outcome.code).toBe(1);
    expect(oneLine(outcome)).toContain(`is already open in process ${process.pid}. Stop that process first`);
    expect(fs.readFileSync(path.join(dataDir, "owner.pid"), "utf8")).toBe(String(process.pid));
  });

  it("PostgreSQL unreachable beyond the retries", async () => {
    // A port nobody listens on any more: every connection is refused at once.
    const port = await takenPort();
    servers.pop()!.close();
    const outcome = await start({
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/none`,
      DATA_DIR: tempDataDir(),
      LOG_LEVEL: "warn",
    });
    expect(outcome.code).toBe(1);
    expect(oneLine(outcome)).toMatch(
      /the database did not answer after 5 attempts \(.+\)\. Check that PostgreSQL is running and DATABASE_URL points at it\.$/,
    );
    expect(outcome.stdout.match(/attempt \d of 5/g)).toHaveLength(4);
  });

  it("a failure after the embedded database was opened releases its lock", async () => {
    const dataDir = tempDataDir();
    // No build in this folder: Next cannot start after the database opened and migrated.
    const outcome = await start(
      { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", NEXT_DIST_DIR: ".next-none" },
      [],
      120_000,
    );
    expect(outcome.code).toBe(1);
    expect(oneLine(outcome)).toContain("Cannot start:");
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "owner.pid"))).toBe(false);
  }, 150_000);
});

describe("--help", () => {
  it("prints the usage and every setting's name, and starts nothing", async () => {
    const port = await takenPort();
    servers.pop()!.close();
    const dataDir = tempDataDir();
    const outcome = await start({ PORT: String(port), DATA_DIR: dataDir }, ["--help"]);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain("Usage: npm start");
    for (const name of Object.keys(variables)) expect(outcome.stdout).toContain(name);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("`npm start -- --help` answers before building", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/start.ts", "--help"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, NEXT_DIST_DIR: ".next-none" } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("METRICS_TOKEN");
    expect(result.stdout).not.toContain("Building");
    expect(fs.existsSync(path.join(ROOT, ".next-none"))).toBe(false);
  });

  it("refuses an unknown option before anything starts", async () => {
    const outcome = await start({ DATA_DIR: tempDataDir() }, ["--port=80"]);
    expect(outcome.code).not.toBe(0);
    expect(oneLine(outcome)).toContain("unknown option --port=80");
  });
});
