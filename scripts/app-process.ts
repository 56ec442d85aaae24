// Starting and stopping the app (or another Node entry point) as a child process, for the
// benchmarks and the operations scripts: wait for "Ready on", keep its log, read its memory, stop it.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS, serverBundle } from "./production-server";

export interface AppProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly port: number;
  readonly url: string;
  /** Everything the process wrote so far. */
  log(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** Resident memory in bytes (Linux /proc), or null once the process is gone. */
  rssBytes(): number | null;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface StartOptions {
  /** A script run with tsx; "server.ts" is run as its production bundle. */
  entry: string;
  port: number;
  env: Record<string, string>;
  /** How long start-up (migrations, Next's prepare) may take. */
  timeoutMs?: number;
  /** Echo the process's output as it comes, prefixed with this label. */
  echo?: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Resident memory of a process in bytes, from /proc; null where that cannot be read. */
export function rssOf(pid: number): number | null {
  try {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export async function startApp(options: StartOptions): Promise<AppProcess> {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // server.ts runs as `npm start` runs it (its bundle, built by the caller's buildIfChanged).
  const script = options.entry === "server.ts" ? [...SERVER_NODE_FLAGS, serverBundle()] : ["--import", "tsx", options.entry];
  const child = spawn(process.execPath, [...nodeArgs, ...script], {
    env: {
      ...process.env,
      ...SERVER_ENVIRONMENT,
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${options.port}`,
      ...options.env,
      PORT: String(options.port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (options.echo) process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `  [${options.echo}] `));
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.entry} did not start in time:\n${output.join("")}`)),
      options.timeoutMs ?? 120_000,
    );
    const onData = (chunk: Buffer) => {
      if (!chunk.toString().includes("Ready on")) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve();
    };
    child.stdout.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${options.entry} exited (${code}) before it was ready:\n${output.join("")}`));
    });
  });
  const pid = child.pid!;
  return {
    child,
    pid,
    port: options.port,
    url: `http://127.0.0.1:${options.port}`,
    log: () => output.join(""),
    exited,
    rssBytes: () => rssOf(pid),
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export const megabytes = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 2 ** 20).toFixed(0)} MB`);
