// npm run bench:neighbours [-- --seconds 10 --connections 64 --rounds 2]
// Other creators' page throughput while one creator edits links 50 times a second, against while that
// creator makes 50 settings writes a second (which change no page); prints both and their ratio
// (target 0.8), over alternating rounds. The pages are served by scripts/bench-neighbours-server.ts
// (server.ts's visitor handler without Next, plus an editor in the same process), driven by autocannon.
// PostgreSQL when DATABASE_URL is set (a scratch database, dropped afterwards), else embedded PGlite.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDatabase, migrate, seedCreator } from "./bench-common";
import type { EditorCommand } from "./bench-neighbours-server";

interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; requests?: { path: string }[] }) => Promise<LoadResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "64" },
    rounds: { type: "string", default: "2" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const WARMUP_SECONDS = 3;
const EDITS_PER_SECOND = 50;
const NEIGHBOURS = 20;
const ROUNDS = Number(values.rounds);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Starts a server process and resolves once it prints "Ready". */
async function startServer(args: string[], env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe", "ipc"] });
  const log: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in 120 s:\n${log.join("")}`)), 120_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      log.push(chunk.toString());
      if (chunk.toString().includes("Ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`The server exited (${code}):\n${log.join("")}`)));
  });
  return child;
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function load(url: string, paths: string[], seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: paths.map((p) => ({ path: p })) });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  return result;
}

const line = (label: string, result: LoadResult) =>
  `  ${label.padEnd(34)} ${Math.round(result.requests.average).toLocaleString("en-US").padStart(8)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms`;

const target = await benchDatabase(true);
console.log(
  `Database: ${target.label}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${os.cpus().length} cores`,
);
console.log(`Load: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured`);
const servers: ChildProcess[] = [];
try {
  // ---- Creators, written before the app opens the database ------------------------------------
  const setup = target.open();
  await migrate(setup);
  const page = await seedCreator(setup, 10);
  const neighbours = await Promise.all(Array.from({ length: NEIGHBOURS }, () => seedCreator(setup, 5)));
  await setup.close();

  const appPort = await freePort();
  const app = await startServer(["--import", "tsx", "scripts/bench-neighbours-server.ts"], {
    ...target.env,
    NODE_ENV: "production",
    PORT: String(appPort),
    AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-public-secret",
  });
  servers.push(app);
  const appUrl = `http://127.0.0.1:${appPort}`;

  // ---- Other creators' pages while one creator writes ----------------------------------------
  const neighbourPaths = neighbours.map((creator) => `/u/${creator.profile.slug}`);
  const command = (edit: EditorCommand["edit"]): EditorCommand => ({
    edit,
    userId: page.user.id,
    linkIds: page.links.map((link) => link.id),
    rate: EDITS_PER_SECOND,
  });
  const writesSoFar = () =>
    new Promise<number>((resolve) => {
      app.once("message", (message: { writes: number }) => resolve(message.writes));
      app.send("count");
    });
  const measureWhile = async (edit: EditorCommand["edit"]) => {
    app.send(command(edit));
    await load(appUrl, neighbourPaths, WARMUP_SECONDS);
    const before = await writesSoFar();
    const result = await load(appUrl, neighbourPaths, SECONDS);
    const writesPerSecond = ((await writesSoFar()) - before) / SECONDS;
    app.send(command("none"));
    return { result, writesPerSecond };
  };
  console.log(`Pages: ${NEIGHBOURS} other creators; the writing creator has ${page.links.length} links; ${ROUNDS} alternating rounds`);
  // Both writers run once unmeasured first: the first seconds of writes (JIT, cold database pages) are slowest.
  for (const edit of ["links", "settings"] as const) {
    app.send(command(edit));
    await load(appUrl, neighbourPaths, WARMUP_SECONDS);
  }
  // Alternating rounds, so a drift in this machine's speed does not favour one side.
  const rounds: { editing: Awaited<ReturnType<typeof measureWhile>>; settings: Awaited<ReturnType<typeof measureWhile>> }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const settings = await measureWhile("settings");
    const editing = await measureWhile("links");
    rounds.push({ editing, settings });
    console.log(line(`round ${round + 1}: editing links (${editing.writesPerSecond.toFixed(0)}/s)`, editing.result));
    console.log(line(`round ${round + 1}: settings writes (${settings.writesPerSecond.toFixed(0)}/s)`, settings.result));
  }
  const total = (side: "editing" | "settings") =>
    rounds.reduce((sum, round) => sum + round[side].result.requests.average, 0) / rounds.length;
  console.log(
    `  other creators' pages, mean req/s: ${Math.round(total("editing")).toLocaleString("en-US")} while editing links, ${Math.round(total("settings")).toLocaleString("en-US")} while writing settings`,
  );
  console.log(`  editing / settings: ${(total("editing") / total("settings")).toFixed(2)} (target 0.8)`);
} finally {
  for (const server of servers) await stopServer(server);
  await target.cleanup();
}
