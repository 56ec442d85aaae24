// npm run test:load [-- --seconds 60 --visitors 200 --think-ms 1000]
// 200 simulated visitors against server.ts (production build) on a scratch database (PostgreSQL when
// DATABASE_URL is set, else the embedded database in a temporary folder): each visit comes from a new
// address, opens the creator's public page, pauses, clicks one of its links, pauses, and the next visit
// begins. After a warm-up (a tenth of the run, at least 3 s) it measures for `--seconds` (requests
// started in that window, however long they take) and prints
// the error count, p50/p99 latency of pages and clicks, throughput, and the server's resident memory
// after the warm-up and after the run. Exits non-zero when any request failed.
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Pool } from "undici";
import { megabytes, startApp, type AppProcess } from "./app-process";
import { benchDatabase, migrate, ms, percentile, seedCreator } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";
import { sleep, visitorHeaders } from "./visitor-traffic";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", short: "s", default: "60" },
    visitors: { type: "string", default: "200" },
    "think-ms": { type: "string", default: "1000" },
    port: { type: "string", default: process.env.OPS_PORT ?? "3160" },
  },
});
const SECONDS = Number(values.seconds);
const VISITORS = Number(values.visitors);
const THINK_MS = Number(values["think-ms"]);
const WARMUP_SECONDS = Math.max(3, SECONDS / 10);

if (!buildIfChanged()) process.exit(1);

interface Measured {
  pages: number[];
  clicks: number[];
  errors: Map<string, number>;
}

const target = await benchDatabase(true);
let app: AppProcess | undefined;
try {
  const setup = target.open();
  await migrate(setup);
  const { profile, links } = await seedCreator(setup, 5);
  await setup.close();
  app = await startApp({
    entry: "server.ts",
    port: Number(values.port),
    env: { ...target.env, TRUST_PROXY: "1", AUTH_SECRET: "test-load-secret" },
  });
  console.log(
    `${VISITORS} visitors (pauses up to ${THINK_MS} ms) on ${target.label}; warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores`,
  );

  const pool = new Pool(app.url, { connections: VISITORS, pipelining: 1 });
  const pagePath = `/u/${profile.slug}`;
  let visit = 0;
  let current: Measured = { pages: [], clicks: [], errors: new Map() };
  let running = true;
  const fail = (reason: string) => current.errors.set(reason, (current.errors.get(reason) ?? 0) + 1);
  const timed = async (
    kind: "pages" | "clicks",
    expected: number,
    send: () => Promise<{ statusCode: number; body: { dump(): Promise<void> } }>,
  ) => {
    const into = current;
    const started = performance.now();
    try {
      const response = await send();
      await response.body.dump();
      if (response.statusCode === expected) into[kind].push(performance.now() - started);
      else fail(`${kind === "pages" ? "page" : "click"} HTTP ${response.statusCode}`);
    } catch (error) {
      fail(`${kind === "pages" ? "page" : "click"} ${(error as { code?: string }).code ?? (error as Error).message}`);
    }
  };
  const pause = () => sleep(Math.random() * THINK_MS);
  const visitors = Array.from({ length: VISITORS }, async () => {
    while (running) {
      const headers = visitorHeaders(visit++);
      await timed("pages", 200, () => pool.request({ method: "GET", path: pagePath, headers: { ...headers, accept: "text/html" } }));
      await pause();
      const link = links[Math.floor(Math.random() * links.length)]!;
      await timed("clicks", 204, () =>
        pool.request({
          method: "POST",
          path: `/api/v1/links/${link.id}/click/`,
          headers: { ...headers, "content-type": "text/plain;charset=UTF-8" },
          body: JSON.stringify({ referrer: `${app!.url}${pagePath}` }),
        }),
      );
      await pause();
    }
  });

  await sleep(WARMUP_SECONDS * 1000);
  const rssAfterWarmup = app.rssBytes();
  current = { pages: [], clicks: [], errors: new Map() };
  const started = performance.now();
  await sleep(SECONDS * 1000);
  const measured = current;
  const elapsed = (performance.now() - started) / 1000;
  const rssAfterRun = app.rssBytes();
  running = false;
  await Promise.all(visitors);
  await pool.close();

  const errorCount = [...measured.errors.values()].reduce((sum, n) => sum + n, 0);
  const line = (label: string, samples: number[]) =>
    `  ${label}: ${samples.length.toLocaleString("en-US")} (${Math.round(samples.length / elapsed)}/s)` +
    (samples.length ? `, p50 ${ms(percentile(samples, 0.5))}, p99 ${ms(percentile(samples, 0.99))}, max ${ms(Math.max(...samples))}` : "");
  console.log(`\nMeasured over ${elapsed.toFixed(1)} s:`);
  console.log(line("page views", measured.pages));
  console.log(line("clicks", measured.clicks));
  console.log(
    `  errors: ${errorCount}${errorCount ? ` (${[...measured.errors].map(([reason, n]) => `${reason} x${n}`).join(", ")})` : ""}`,
  );
  console.log(`  server RSS: ${megabytes(rssAfterWarmup)} after the warm-up, ${megabytes(rssAfterRun)} after the run`);
  console.log(
    `  load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const exitCode = await app.stop();
  app = undefined;
  console.log(`  graceful stop: exit code ${exitCode}`);
  console.log(
    `\nRESULT: ${errorCount} errors in ${(measured.pages.length + measured.clicks.length + errorCount).toLocaleString("en-US")} requests`,
  );
  if (errorCount > 0 || exitCode !== 0) process.exitCode = 1;
} finally {
  await app?.stop(2_000);
  await target.cleanup();
}
