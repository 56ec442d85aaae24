// npm run bench:clicks [-- --seconds 20 --clients 64 --database embedded|postgres]
// Starts the production server the way `npm start` does (built once, Next in its own thread,
// TRUST_PROXY=1) on a scratch database, creates a creator with one link, then drives
// POST /api/v1/links/{id}/click/ from 64 keep-alive clients on 127.0.0.1 for 20 s, distinct visitors
// (browser user agents, a new X-Forwarded-For for nine clicks in ten; the tenth repeats a recent
// address and is answered but not counted). Each 204 with X-Click-Recorded: true is a click the
// server says is committed; after a graceful stop (which flushes the writer) the clicks found in the
// database must equal them. Prints the rate, p50 and p99, and the CPU per click.
// --database postgres: a scratch database beside DATABASE_URL (default the local server's
// `postgres`), dropped afterwards; else the embedded database in a temporary DATA_DIR.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Pool } from "undici";
import { freePort } from "./app-process";
import { benchDatabase, ipPool, migrate, ms, percentile, prng, seedCreator, storedClicks, USER_AGENTS } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS, serverBundle } from "./production-server";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "20" },
    clients: { type: "string", default: "64" },
    database: { type: "string", default: "embedded" },
  },
});
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);

/** CPU seconds a process has used so far (Linux /proc), or null where that cannot be read. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

if (values.database !== "embedded" && values.database !== "postgres") {
  console.error(`--database is "embedded" or "postgres", not "${values.database}"`);
  process.exit(2);
}
if (!buildIfChanged()) process.exit(1);

const target = await benchDatabase(
  true,
  values.database === "postgres" ? (process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres") : null,
);
console.log(
  `Database: ${target.label}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${os.cpus().length} cores`,
);
let server: ReturnType<typeof spawn> | undefined;
try {
  // ---- A creator with one link, written before the app opens the database ----------------------
  const setup = target.open();
  await migrate(setup);
  const { profile, links } = await seedCreator(setup, 1);
  const linkId = links[0]!.id;
  await setup.close();

  // ---- The app ---------------------------------------------------------------------------------
  const port = await freePort();
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  server = spawn(process.execPath, [...nodeArgs, ...SERVER_NODE_FLAGS, serverBundle()], {
    env: {
      ...process.env,
      ...target.env,
      ...SERVER_ENVIRONMENT,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-clicks-secret",
      APP_URL: `http://localhost:${port}`,
      // The app's own in-memory rate limits; this benchmark never touches a shared Redis.
      REDIS_URL: "",
      // Visitors' addresses come from X-Forwarded-For, so the clicks have many visitors and countries.
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const serverLog: string[] = [];
  server.stderr!.on("data", (chunk: Buffer) => {
    serverLog.push(chunk.toString());
    if (process.env.ANALYTICS_DEBUG) process.stderr.write(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The app did not start in 300 s:\n${serverLog.join("")}`)), 300_000);
    server!.stdout!.on("data", (chunk: Buffer) => {
      serverLog.push(chunk.toString());
      if (chunk.toString().includes("Ready on")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server!.on("exit", (code) => reject(new Error(`The app exited (${code}):\n${serverLog.join("")}`)));
  });
  console.log(`server.ts (production) ready on 127.0.0.1:${port}; link ${linkId}`);

  // ---- Load --------------------------------------------------------------------------------------
  // undici's pool (llhttp, raw keep-alive sockets) keeps the load generator's share of the two cores
  // small; Node's http client took about 120 µs of CPU per click, almost as much as the app.
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CLIENTS, pipelining: 1 });
  const random = prng(7);
  const ips = ipPool(500_000, random);
  const body = JSON.stringify({ referrer: `http://127.0.0.1:${port}/u/${profile.slug}` });
  const clickPath = `/api/v1/links/${linkId}/click/`;
  let sent = 0;
  const visitor = () => {
    sent += 1;
    const repeat = sent % 10 === 0 && sent > 100;
    const i = (repeat ? sent - 1 - Math.floor(random() * 100) : sent) % ips.length;
    return {
      "content-type": "text/plain;charset=UTF-8", // what navigator.sendBeacon sends for a string
      "user-agent": USER_AGENTS[i % USER_AGENTS.length]!,
      "x-forwarded-for": ips[i]!,
    };
  };
  const latencies: number[] = [];
  const click = async () => {
    const headers = visitor();
    const sentAt = performance.now();
    const response = await pool.request({ method: "POST", path: clickPath, headers, body });
    await response.body.dump();
    latencies.push(performance.now() - sentAt);
    return { status: response.statusCode, recorded: response.headers["x-click-recorded"] === "true" };
  };

  // Every 204 that says "recorded" is a click the server has committed, the warm-up's included.
  let accepted = 0;
  let notRecorded = 0;
  const failures = new Map<string, number>();
  const tally = (result: { status: number; recorded: boolean }) => {
    if (result.status === 204 && result.recorded) accepted += 1;
    else if (result.status === 204) notRecorded += 1;
    else failures.set(`HTTP ${result.status}`, (failures.get(`HTTP ${result.status}`) ?? 0) + 1);
  };
  for (let i = 0; i < 200; i += 1) tally(await click());
  const warmup = accepted;
  latencies.length = 0;

  // The PostgreSQL backends serving the app, to account for their CPU too.
  let backends: number[] = [];
  if (target.kind === "postgres") {
    const probe = target.open();
    backends = (
      await probe.sql.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
    ).map((r) => r.pid);
    await probe.close();
  }
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  const appCpuBefore = cpuSeconds(server.pid!) ?? 0;
  const pgCpuBefore = cpuOf(backends);

  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  // The two halves' rates side by side show whether writing slows down as the tables grow.
  let acceptedAtHalf = 0;
  const halfway = setTimeout(() => (acceptedAtHalf = accepted), (SECONDS * 1000) / 2);
  const cpuBefore = process.cpuUsage();
  // Each client sends its next click when the last is answered, until the deadline: every click
  // sent is answered and counted, so the database must hold exactly the accepted ones.
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        try {
          tally(await click());
        } catch (error) {
          const key = (error as Error).message;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  clearTimeout(halfway);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const appCpu = (cpuSeconds(server.pid!) ?? 0) - appCpuBefore;
  const pgCpu = cpuOf(backends) - pgCpuBefore;
  await pool.close();
  const measured = accepted - warmup;

  // ---- Graceful stop, then count ----------------------------------------------------------------
  const exited = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));
  server.kill("SIGTERM");
  const exitCode = await exited;
  server = undefined;

  const check = target.open();
  const found = await storedClicks(check, linkId);
  await check.close();

  console.log(`\n${CLIENTS} clients for ${elapsed.toFixed(1)} s against ${target.kind}:`);
  console.log(
    `  accepted clicks (204, recorded): ${measured.toLocaleString("en-US")} = ${Math.round(measured / elapsed).toLocaleString("en-US")}/s`,
  );
  console.log(
    `  latency of every click answered: p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))} (target under 50 ms on PostgreSQL)`,
  );
  const perSecond = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString("en-US");
  console.log(
    `  first half ${perSecond(acceptedAtHalf - warmup, elapsed / 2)}/s, second half ${perSecond(accepted - acceptedAtHalf, elapsed / 2)}/s`,
  );
  if (notRecorded)
    console.log(`  answered 204 but not recorded (repeats from one address within the hour): ${notRecorded.toLocaleString("en-US")}`);
  for (const [reason, count] of failures) console.log(`  failed: ${reason} x${count}`);
  const loadCpu = (cpu.user + cpu.system) / 1e6;
  const perClick = (seconds: number) => `${Math.round((seconds / Math.max(measured, 1)) * 1e6)} µs`;
  console.log(
    `  CPU used: app ${appCpu.toFixed(1)} s (${perClick(appCpu)} per click)` +
      (target.kind === "postgres" ? `, PostgreSQL backends ${pgCpu.toFixed(1)} s (${perClick(pgCpu)} per click)` : "") +
      `, load generator ${loadCpu.toFixed(1)} s (${perClick(loadCpu)} per click); app exit code ${exitCode}`,
  );
  const serverCpuPerClick = (appCpu + pgCpu) / Math.max(measured, 1);
  console.log(
    `  machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; ` +
      `app + database CPU per click ${Math.round(serverCpuPerClick * 1e6)} µs, so ${os.cpus().length} otherwise idle cores would ` +
      `serve about ${Math.round(os.cpus().length / serverCpuPerClick).toLocaleString("en-US")} clicks/s (the load generator aside)`,
  );
  console.log(
    `  in the database after the graceful stop: ${found.events.toLocaleString("en-US")} click events, ` +
      `Link.clicks ${found.link_clicks.toLocaleString("en-US")}, daily rollup ${found.daily.toLocaleString("en-US")}, ` +
      `slots ${found.slots.toLocaleString("en-US")} (accepted including ${warmup} warm-up: ${accepted.toLocaleString("en-US")})`,
  );
  const equal = [found.events, found.link_clicks, found.daily, found.slots].every((n) => n === accepted);
  const targetRate = target.kind === "postgres" ? 5000 : undefined;
  console.log(
    `\nRESULT ${target.kind}: ${Math.round(measured / elapsed).toLocaleString("en-US")} accepted clicks/s` +
      (targetRate
        ? ` (target at least ${targetRate.toLocaleString("en-US")}: ${measured / elapsed >= targetRate ? "met" : "NOT met"})`
        : "") +
      `, p99 ${ms(percentile(latencies, 0.99))}` +
      `; database counts ${equal ? "equal" : "DIFFER from"} the accepted clicks`,
  );
  if (!equal) process.exitCode = 1;
} finally {
  server?.kill("SIGKILL");
  await target.cleanup();
}
