// npm run bench:soak [-- --minutes 5 --clients 8 --port N --database embedded|postgres --settle 40 --heap-snapshots DIR --only view,click --no-build]
// Memory after a long mixed session: the production server started as `npm start` starts it (its
// bundle, Next in its own thread, TRUST_PROXY=1) with its inspector open on port+1, driven for
// `--minutes` by a compressed hour of mixed use (scripts/soak/mix.ts: sign-ups, edits, uploads,
// share images, QR codes, Insights with filters, exports, page views and clicks). Prints RSS and
// heap over time, then idle RSS and heap before and after the soak, each measured after the
// server has been left alone for `--settle` seconds and a full garbage collection; the target is
// idle RSS after within 150 MB of idle RSS before. With --heap-snapshots DIR it writes both heap
// snapshots there and prints what grew most, by constructor. Exits 1 on a 5xx, a failed call or a
// missed target.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { megabytes, startApp, type AppProcess } from "./app-process";
import { benchDatabase, migrate } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";
import { heapByConstructor, Inspector, type MemoryFigures } from "./soak/inspector";
import { pickAction, Traffic, uploadImages, WEIGHTS, type Action } from "./soak/mix";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "5" },
    clients: { type: "string", default: "8" },
    port: { type: "string", default: process.env.OPS_PORT ?? "3190" },
    database: { type: "string", default: "embedded" },
    // Longer than the share-image worker's idle time (30 s), so idle means what a quiet server keeps.
    settle: { type: "string", default: "40" },
    "heap-snapshots": { type: "string" },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
  },
});
const MINUTES = Number(values.minutes);
const CLIENTS = Number(values.clients);
const PORT = Number(values.port);
const SETTLE_SECONDS = Number(values.settle);
const TARGET_MB = 150;
const SAMPLES = 20;
const SNAPSHOTS = values["heap-snapshots"];
// --only view,click (actions of scripts/soak/mix.ts) runs only those: for finding which part of the mix keeps memory.
const ONLY = values.only?.split(",") as Action[] | undefined;

if (!values["no-build"] && !buildIfChanged()) process.exit(1);
// The inspector lets the benchmark read the server's heap and collect its garbage; it costs the server a thread.
process.env.BENCH_SERVER_NODE_ARGS = `${process.env.BENCH_SERVER_NODE_ARGS ?? ""} --inspect=127.0.0.1:${PORT + 1}`;

const target = await benchDatabase(
  true,
  values.database === "postgres" ? (process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres") : null,
);
const UNLIMITED = "1000000";
const env = {
  ...target.env,
  AUTH_SECRET: "bench-soak-secret",
  TRUST_PROXY: "1",
  COUNTRY_HEADER: "cf-ipcountry",
  RATE_LIMIT_PASSWORD_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_SLUG_CHECKS_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_CLICKS_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_RESETS_PER_HOUR: UNLIMITED,
  RATE_LIMIT_COSTLY_PER_MINUTE: UNLIMITED,
};

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`.padStart(7);
const line = (label: string, rss: number | null, heap: MemoryFigures) =>
  `${label.padEnd(24)} RSS ${mb(rss ?? 0)}  heap used ${mb(heap.heapUsed)} of ${mb(heap.heapTotal)}  external ${mb(heap.external)} (buffers ${mb(heap.arrayBuffers)})`;

// The process-wide caches (globalThis slots of src/server), as entries and bytes where they count bytes.
const CACHES = `(() => {
  const g = globalThis;
  const sized = (cache) => cache && { entries: cache.size, bytes: cache.calculatedSize };
  return {
    pages: sized(g.__linkbioPageCache?.pages),
    shareImages: sized(g.__linkbioShareImages?.images),
    qrCodes: sized(g.__linkbioQrCodes?.drawn),
    eventCache: g.__linkbioEventCache && {
      entries: g.__linkbioEventCache.entries.size,
      bytes: [...g.__linkbioEventCache.entries.values()].reduce((sum, entry) => sum + entry.bytes, 0),
    },
    sessions: g.__linkbioSessionCache?.size,
    renderWorker: Boolean(g.__linkbioRenderPool?.running),
  };
})()`;

/** Left alone for the settle time, then collected: what the process keeps. */
async function idle(app: AppProcess, inspector: Inspector, label: string, snapshot?: string) {
  await sleep(SETTLE_SECONDS * 1000);
  await inspector.collectGarbage();
  await sleep(2_000);
  const figures = { rss: app.rssBytes() ?? 0, heap: await inspector.memory() };
  console.log(line(label, figures.rss, figures.heap));
  console.log(`  caches: ${JSON.stringify(await inspector.evaluate(CACHES))}`);
  if (snapshot) await inspector.heapSnapshot(snapshot);
  return figures;
}

let app: AppProcess | undefined;
let inspector: Inspector | undefined;
let failed = false;
try {
  const setup = target.open();
  await migrate(setup);
  await setup.close();
  app = await startApp({ entry: "server.ts", port: PORT, env, timeoutMs: 300_000 });
  inspector = await Inspector.connect(PORT + 1);
  const traffic = new Traffic(app.url, await uploadImages(24), CLIENTS);
  console.log(`Soak: ${MINUTES} min, ${CLIENTS} clients, ${target.label}; mix ${JSON.stringify(WEIGHTS)}`);
  console.log(line("idle after start", app.rssBytes(), await inspector.memory()));

  // One of every action first, so code loaded on first use is not counted as retained.
  for (let i = 0; i < 3; i++) await traffic.signUp();
  for (const action of Object.keys(WEIGHTS) as Action[]) await traffic[action]();
  if (SNAPSHOTS) fs.mkdirSync(SNAPSHOTS, { recursive: true });
  const before = await idle(app, inspector, "idle before the soak", SNAPSHOTS && path.join(SNAPSHOTS, "before.heapsnapshot"));

  const counts = new Map<Action, number>();
  const errors = new Map<string, number>();
  const started = performance.now();
  const until = started + MINUTES * 60_000;
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (performance.now() < until) {
      const action = pickAction(ONLY);
      try {
        await traffic[action]();
        counts.set(action, (counts.get(action) ?? 0) + 1);
      } catch (error) {
        const message = (error as Error).message.slice(0, 160);
        errors.set(message, (errors.get(message) ?? 0) + 1);
      }
    }
  });
  let peak = 0;
  const sampler = (async () => {
    for (let sample = 1; sample <= SAMPLES; sample++) {
      await sleep(Math.max(0, started + (sample * MINUTES * 60_000) / SAMPLES - performance.now()));
      const rss = app.rssBytes() ?? 0;
      peak = Math.max(peak, rss);
      const done = [...counts.values()].reduce((sum, n) => sum + n, 0);
      console.log(line(`  ${((performance.now() - started) / 1000).toFixed(0)} s, ${done} calls`, rss, await inspector.memory()));
    }
  })();
  await Promise.all([...clients, sampler]);
  await traffic.close();

  console.log(`Calls: ${[...counts].map(([action, n]) => `${action} ${n}`).join(", ")}; ${traffic.creators.length} creators`);
  for (const [message, n] of errors) console.log(`  FAILED ${n}×: ${message}`);
  const after = await idle(app, inspector, "idle after the soak", SNAPSHOTS && path.join(SNAPSHOTS, "after.heapsnapshot"));
  const grew = after.rss - before.rss;
  const met = grew <= TARGET_MB * 2 ** 20;
  console.log(
    `Idle RSS before ${megabytes(before.rss)}, peak ${megabytes(peak)}, after ${megabytes(after.rss)}: ${grew >= 0 ? "+" : ""}${megabytes(grew)} ` +
      `(target: at most +${TARGET_MB} MB) ${met ? "PASS" : "FAIL"}; heap used ${megabytes(before.heap.heapUsed)} → ${megabytes(after.heap.heapUsed)}`,
  );
  if (SNAPSHOTS) {
    const [old, now] = [
      heapByConstructor(path.join(SNAPSHOTS, "before.heapsnapshot")),
      heapByConstructor(path.join(SNAPSHOTS, "after.heapsnapshot")),
    ];
    const growth = [...now].map(([name, group]) => ({
      name,
      ...group,
      grew: group.bytes - (old.get(name)?.bytes ?? 0),
      more: group.count - (old.get(name)?.count ?? 0),
    }));
    console.log("Grew most in the heap (self size, by constructor):");
    for (const row of growth.sort((a, b) => b.grew - a.grew).slice(0, 15)) {
      console.log(`  ${row.name.slice(0, 60).padEnd(60)} +${(row.grew / 2 ** 20).toFixed(1)} MB, +${row.more} objects`);
    }
  }
  failed = errors.size > 0 || !met;
} finally {
  inspector?.close();
  await app?.stop();
  await target.cleanup();
}
process.exit(failed ? 1 : 0);
