// npm run bench:public [-- --database embedded|postgres --seconds 10 --connections 64 --threads 2 --port N --no-build]
// The public page as users run it: the production server started the way `npm start` does (built
// once, Next in the process, TRUST_PROXY=1), driven by wrk (Debian's package) in three traffic
// shapes (scripts/wrk/*.lua): no User-Agent, one browser visitor reloading, distinct visitors (a new
// X-Forwarded-For each). In the same run a raw Node server answers the same requests with the same
// bytes, so the generator's ceiling and the machine's load are measured with it. Per shape it prints
// both servers' requests/s, their ratio, p50, p99, errors, and the views stored against the views
// expected; then the app's memory idle and under the distinct-visitor load.
// --database postgres: a scratch database beside DATABASE_URL (default the local server's
// `postgres`), dropped afterwards; else the embedded database in a temporary DATA_DIR.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort, megabytes, rssOf, startApp } from "./app-process";
import { benchDatabase, migrate, seedCreator } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "embedded" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "64" },
    threads: { type: "string", default: "2" },
    port: { type: "string" },
    "no-build": { type: "boolean", default: false },
    shape: { type: "string", multiple: true },
  },
});
if (values.database !== "embedded" && values.database !== "postgres") {
  console.error(`--database is "embedded" or "postgres", not "${values.database}"`);
  process.exit(2);
}
const POSTGRES = values.database === "postgres";
const SECONDS = Number(values.seconds);
const WARMUP_SECONDS = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const THREADS = Number(values.threads);
const IDLE_SETTLE_MS = 5_000;

interface Shape {
  name: string;
  script: string;
  /** Target ratio of the app's requests/s to raw Node's. */
  ratio: number;
  /** Views the database must hold afterwards, given the requests wrk sent and had answered. */
  expectedViews: (answered: number, sent: number) => { low: number; high: number };
}

const SHAPES: Shape[] = [
  { name: "no User-Agent", script: "no-user-agent.lua", ratio: 0.6, expectedViews: () => ({ low: 0, high: 0 }) },
  { name: "one browser visitor", script: "one-visitor.lua", ratio: 0.5, expectedViews: () => ({ low: 1, high: 1 }) },
  {
    name: "distinct visitors",
    script: "distinct-visitors.lua",
    ratio: POSTGRES ? 0.3 : 0.2,
    // Each request is a new visitor; a request sent as wrk stopped may be counted without its answer being read.
    expectedViews: (answered, sent) => ({ low: answered, high: sent }),
  },
];
const P99_TARGET_MS = 25;
// --shape no-user-agent|one-visitor|distinct-visitors (repeatable) runs only those.
const shapes = values.shape ? SHAPES.filter((shape) => values.shape!.includes(shape.script.replace(".lua", ""))) : SHAPES;

interface WrkResult {
  answered: number;
  sent: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

/** CPU seconds a process has used so far (Linux /proc: utime + stime in clock ticks of 1/100 s), or 0 where unreadable. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The run's result and the CPU time `pid` spent per answered request during it, in microseconds. */
async function withCpu(pid: number, run: Promise<WrkResult>): Promise<WrkResult & { cpu_us: number }> {
  const before = cpuSeconds(pid);
  const result = await run;
  return { ...result, cpu_us: ((cpuSeconds(pid) - before) * 1e6) / Math.max(result.answered, 1) };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "linkbio-bench-public-"));
let runs = 0;

/** wrk with the shape's script (after the shared reporting part) for `seconds`; every run gets a number of its own. */
function wrk(url: string, pagePath: string, shape: Shape, seconds: number): Promise<WrkResult> {
  const script = path.join(scratch, shape.script);
  if (!fs.existsSync(script)) {
    const read = (name: string) => fs.readFileSync(path.join("scripts", "wrk", name), "utf8");
    fs.writeFileSync(script, `${read("report.lua")}\n${read(shape.script)}`);
  }
  const args = [`-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "10s", "-s", script, url, "--", pagePath, String(runs++)];
  return new Promise((resolve, reject) =>
    execFile("wrk", args, (error, stdout, stderr) => {
      const line = stdout.split("\n").find((l) => l.startsWith("WRK_RESULT "));
      if (error || !line) reject(new Error(`wrk ${args.join(" ")} failed: ${error?.message ?? ""}\n${stdout}\n${stderr}`));
      else resolve(JSON.parse(line.slice("WRK_RESULT ".length)) as WrkResult);
    }),
  );
}

const errorsOf = (r: WrkResult) => r.connect + r.read + r.write + r.status + r.timeout;
const perSecond = (r: WrkResult) => r.answered / (r.duration_us / 1e6);
const msOf = (us: number) => `${(us / 1000).toFixed(1)} ms`;
const count = (n: number) => Math.round(n).toLocaleString("en-US");

// A raw Node server answering each page's path with the bytes and headers the app sent for it
// (headers as a flat list, the cheapest form writeHead takes).
const RAW_SERVER = `
const fs = require("node:fs");
const pages = new Map(Object.entries(JSON.parse(fs.readFileSync(process.env.BENCH_PAGES_FILE, "utf8")))
  .map(([path, { headers, body }]) => [path, { headers: Object.entries(headers).flat(), bytes: Buffer.from(body, "base64") }]));
require("node:http").createServer((request, response) => {
  const page = pages.get(request.url);
  if (!page) return response.writeHead(404).end();
  response.writeHead(200, page.headers).end(page.bytes);
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("Ready on " + process.env.PORT));
`;

function startRaw(port: number, pagesFile: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", RAW_SERVER], {
    env: { ...process.env, PORT: String(port), BENCH_PAGES_FILE: pagesFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`The raw Node server exited (${code})`)));
  });
}

/** The highest resident memory of `pid` while `work` runs, sampled every 100 ms. */
async function peakRss<T>(pid: number, work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssOf(pid) ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid) ?? 0)), 100);
  try {
    return { result: await work, peak };
  } finally {
    clearInterval(timer);
  }
}

// --no-build serves the last build even when sources changed since: only for iterating on the server's own code.
if (!values["no-build"] && !buildIfChanged()) process.exit(1);
const target = await benchDatabase(true, POSTGRES ? (process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres") : null);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
console.log(`Database: ${target.label}; load average ${loadAverage()} on ${os.cpus().length} cores`);
console.log(
  `Load: wrk -t${THREADS} -c${CONNECTIONS}, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured per server and shape; raw Node first, then the app`,
);
let raw: ChildProcess | undefined;
let app: Awaited<ReturnType<typeof startApp>> | undefined;
try {
  // ---- One creator per shape, written before the app opens the database --------------------------
  const setup = target.open();
  await migrate(setup);
  const creators = [];
  for (const _ of shapes) creators.push(await seedCreator(setup, 10));
  await setup.close();

  const appPort = values.port ? Number(values.port) : await freePort();
  const rawPort = values.port ? appPort + 1 : await freePort();
  const env: Record<string, string> = {
    ...target.env,
    AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-public-secret",
    TRUST_PROXY: "1",
    // The app's own in-memory rate limits; this benchmark never touches a shared Redis.
    REDIS_URL: "",
  };
  app = await startApp({ entry: "server.ts", port: appPort, env, timeoutMs: 300_000 });
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
  const idleAtStart = app.rssBytes();

  // ---- The bytes each page is served as, for raw Node -------------------------------------------
  const pages: Record<string, { headers: Record<string, string>; body: string }> = {};
  const paths = creators.map((creator) => `/u/${creator.profile.slug}`);
  for (const pagePath of paths) {
    // wrk asks for no encoding, so the app answers it uncompressed: fetch's default gzip would give
    // raw Node a compressed length with the decompressed body.
    const response = await fetch(`${app.url}${pagePath}`, { headers: { "accept-encoding": "identity" } });
    if (response.headers.has("content-encoding")) throw new Error(`${pagePath} came encoded despite accept-encoding: identity`);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
    const headers = Object.fromEntries(
      [...response.headers].filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name)),
    );
    pages[pagePath] = { headers, body: body.toString("base64") };
  }
  const pagesFile = path.join(scratch, "pages.json");
  fs.writeFileSync(pagesFile, JSON.stringify(pages));
  console.log(
    `Pages: ${paths.length} creators with 10 links, ${count(Buffer.from(pages[paths[0]!]!.body, "base64").byteLength)} bytes each`,
  );
  raw = await startRaw(rawPort, pagesFile);
  const rawUrl = `http://127.0.0.1:${rawPort}`;

  // ---- Each shape: raw Node, then the app ---------------------------------------------------------
  const results = [];
  let peakUnderDistinct = 0;
  for (const [i, shape] of shapes.entries()) {
    const pagePath = paths[i]!;
    await wrk(rawUrl, pagePath, shape, WARMUP_SECONDS);
    const rawResult = await withCpu(raw.pid!, wrk(rawUrl, pagePath, shape, SECONDS));
    const warm = await wrk(app.url, pagePath, shape, WARMUP_SECONDS);
    const measured = await peakRss(app.pid, withCpu(app.pid, wrk(app.url, pagePath, shape, SECONDS)));
    if (shape.script === "distinct-visitors.lua") peakUnderDistinct = measured.peak;
    results.push({ shape, pagePath, raw: rawResult, app: measured.result, warm });
    console.log(
      `  ${shape.name}: raw ${count(perSecond(rawResult))} req/s, app ${count(perSecond(measured.result))} req/s (load average ${loadAverage()})`,
    );
  }
  raw.kill();
  raw = undefined;
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
  const idleAfterLoad = app.rssBytes();

  // ---- Graceful stop (every queued view is written), then count ---------------------------------
  const exitCode = await app.stop();
  app = undefined;
  const check = target.open();
  const stored: number[] = [];
  for (const creator of creators) {
    const [row] = await check.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "AnalyticsEvent" WHERE profile_id = $1 AND type = 'view'`,
      [creator.profile.id],
    );
    stored.push(row!.n);
  }
  await check.close();

  // ---- Report ---------------------------------------------------------------------------------------
  console.log(`\nResults (${target.kind === "postgres" ? "PostgreSQL" : "embedded database"}; app exit code ${exitCode}):`);
  const header = [
    "Traffic",
    "Raw Node",
    "App",
    "Ratio (target)",
    "App p50",
    "App p99",
    "Raw p99",
    "Errors",
    "Views stored / expected",
    "CPU per request: raw, app, ratio",
  ];
  const rows: string[][] = [];
  let allMet = true;
  let viewsAllExact = true;
  for (const [i, { shape, raw: r, app: a, warm }] of results.entries()) {
    const ratio = perSecond(a) / perSecond(r);
    const expected = shape.expectedViews(warm.answered + a.answered, warm.sent + a.sent);
    const viewsExact = stored[i]! >= expected.low && stored[i]! <= expected.high;
    const met = ratio >= shape.ratio && a.p99_us / 1000 < P99_TARGET_MS && errorsOf(a) === 0 && viewsExact;
    allMet &&= met;
    viewsAllExact &&= viewsExact;
    rows.push([
      shape.name,
      `${count(perSecond(r))}/s`,
      `${count(perSecond(a))}/s`,
      `${ratio.toFixed(2)} (${shape.ratio})`,
      msOf(a.p50_us),
      msOf(a.p99_us),
      msOf(r.p99_us),
      String(errorsOf(a)),
      `${count(stored[i]!)} / ${expected.low === expected.high ? count(expected.low) : `${count(expected.low)}–${count(expected.high)}`}${viewsExact ? "" : " WRONG"}`,
      `${Math.round(r.cpu_us)} µs, ${Math.round(a.cpu_us)} µs, ${(r.cpu_us / a.cpu_us).toFixed(2)}`,
    ]);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  for (const row of [header, ...rows]) console.log(`  ${row.map((cell, c) => cell.padEnd(widths[c]!)).join("  ")}`);
  console.log(
    `  (views expected: warm-up and measured run together; distinct visitors: between the requests answered and sent, since a request sent as wrk stopped still counts)`,
  );
  console.log(
    "  (CPU per request: the server process's CPU time over the requests it answered; raw / app is the ratio an otherwise idle machine would give when the app's one event loop is the limit)",
  );
  const rawSlowest = Math.min(...results.map((r) => perSecond(r.raw)));
  console.log(
    `  load generator: raw Node reached ${count(rawSlowest)} req/s at least (wrk is not the bottleneck below that; target above 30,000)`,
  );
  console.log(
    `Memory (RSS of the app): idle after start ${megabytes(idleAtStart)}, peak under distinct visitors ${megabytes(peakUnderDistinct)}, ` +
      `idle after the load ${megabytes(idleAfterLoad)} (targets: idle at most 400 MB, under load at most 700 MB)`,
  );
  const memoryMet = (idleAtStart ?? Infinity) <= 400 * 2 ** 20 && peakUnderDistinct <= 700 * 2 ** 20;
  console.log(
    `\nRESULT ${target.kind}: shapes ${allMet ? "all met" : "NOT all met"} (ratios, p99 under ${P99_TARGET_MS} ms, no errors, exact views); memory ${memoryMet ? "met" : "NOT met"}; load average ${loadAverage()}`,
  );
  if (!viewsAllExact) process.exitCode = 1;
} finally {
  raw?.kill();
  await app?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
  await target.cleanup();
}
