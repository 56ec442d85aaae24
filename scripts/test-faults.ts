// npm run test:faults [-- --seconds 8 --clients 32 --database pglite|postgres]
// Faults under click load, on the embedded database and on PostgreSQL (a private server this script
// starts in a temporary folder, so restarting it disturbs nobody). For each database, server.ts
// (production build) takes clicks from ever-new addresses while:
//   PostgreSQL only: the PostgreSQL server restarts mid-load; the app must keep serving afterwards
//   and an edit written elsewhere must still empty its page cache (LISTEN survives);
//   PostgreSQL only: the server is stopped for a while: /readyz must answer 503 naming the database
//   while /healthz stays 200, and both 200 once it is back;
//   the app is killed with SIGKILL mid-load, then started again on the same data;
//   the app gets SIGTERM mid-load: it must drain, flush and exit 0.
// After each fault every acknowledged click (204, x-click-recorded) must be in the database.
// `--seconds` is the load per fault. Prints each check as PASS/FAIL; exits non-zero on any failure.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { request } from "undici";
import { type AppProcess, startApp } from "./app-process";
import { benchDatabase, type BenchDatabase, migrate, seedCreator, storedClicks } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";
import { checkList, expect } from "./checks";
import { startPrivatePostgres } from "./private-postgres";
import { addTally, clickLoad, describeTally, emptyTally, since, sleep } from "./visitor-traffic";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", short: "s", default: "8" },
    clients: { type: "string", default: "32" },
    database: { type: "string", default: "pglite,postgres" },
    // Ports of the app and the private PostgreSQL; the app takes `port`, PostgreSQL `port + 5`.
    port: { type: "string", default: process.env.OPS_PORT ?? "3160" },
  },
});
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const APP_PORT = Number(values.port);
const PG_PORT = APP_PORT + 5;
/** server.ts exits regardless this long after SIGTERM. */
const HARD_STOP_MS = 10_000;

if (!buildIfChanged()) process.exit(1);
const checks = checkList(`Faults under click load: ${SECONDS} s per fault, ${CLIENTS} clients`);

async function scenario(kind: "pglite" | "postgres"): Promise<void> {
  const privatePostgres = kind === "postgres" ? startPrivatePostgres(PG_PORT) : undefined;
  let target: BenchDatabase | undefined;
  let app: AppProcess | undefined;
  try {
    target = await benchDatabase(true, privatePostgres?.url ?? null);
    console.log(`\n${target.label}`);
    const setup = target.open();
    await migrate(setup);
    const { profile, links } = await seedCreator(setup, 1);
    await setup.close();
    const linkId = links[0]!.id;
    const database = target;
    const start = () =>
      startApp({ entry: "server.ts", port: APP_PORT, env: { ...database.env, TRUST_PROXY: "1", AUTH_SECRET: "test-faults-secret" } });
    const tally = emptyTally();
    /** Every click acknowledged so far is stored; none beyond those sent. Needs the embedded database closed. */
    const everyAcknowledgedClickStored = async () => {
      const reader = database.open();
      const stored = await storedClicks(reader, linkId).finally(() => reader.close());
      const figure = `${describeTally(tally)}; stored: ${stored.events} events, Link.clicks ${stored.link_clicks}`;
      expect(stored.events >= tally.acknowledged && stored.link_clicks >= tally.acknowledged, `acknowledged clicks missing: ${figure}`);
      expect(
        stored.events <= tally.sent && stored.link_clicks === stored.events,
        `more clicks stored than sent, or counts disagree: ${figure}`,
      );
      return figure;
    };
    /** Load for SECONDS; `fault` runs at `at` of the way through. Returns this load's own tally. */
    const loadWith = async (at: number, fault: () => void | Promise<void>) => {
      let faultDone!: () => void;
      const faulted = new Promise<void>((resolve) => (faultDone = resolve));
      const deadline = sleep(SECONDS * 1000);
      const load = clickLoad(app!.url, linkId, CLIENTS, Promise.all([deadline, faulted]));
      await sleep(SECONDS * 1000 * at);
      await Promise.resolve().then(fault).finally(faultDone);
      const phase = await load;
      addTally(tally, phase);
      return phase;
    };

    app = await start();
    const pageUrl = `${app.url}/u/${profile.slug}`;

    /** Another instance's edit (this script's own client, whose writes NOTIFY as the app's do) must reach the cached page. */
    const editReachesPage = async (color: string) => {
      const first = await request(pageUrl, { headers: { "user-agent": "linkbio-faults" } });
      expect(first.statusCode === 200, `public page answered ${first.statusCode}`);
      await first.body.dump();
      const writer = database.open();
      try {
        const written = performance.now();
        await writer.prisma.designSettings.update({ where: { profile_id: profile.id }, data: { background_color: color } });
        while (since(written) < 2000) {
          const page = await request(pageUrl, { headers: { "user-agent": "linkbio-faults" } });
          if ((await page.body.text()).includes(color)) return `page changed ${since(written)} ms after the write`;
          await sleep(50);
        }
        expect(false, "the page still showed the old design 2 s after the write");
      } finally {
        await writer.close();
      }
    };

    if (kind === "postgres") {
      await checks.check("before any fault: an edit from another instance empties this one's page cache", () => editReachesPage("#7a1f4d"));
      let restartMs = 0;
      const phase = await loadWith(1 / 3, () => {
        const started = performance.now();
        privatePostgres!.restart();
        restartMs = since(started);
      });
      console.log(`  load during the restart: ${describeTally(phase)}`);
      const running = app;
      await checks.check("PostgreSQL restarted mid-load: the app keeps running and acknowledging clicks", async () => {
        expect(
          running.child.exitCode === null && running.child.signalCode === null,
          `the app exited (code ${running.child.exitCode}):\n${running.log().slice(-1500)}`,
        );
        const after = await clickLoad(running.url, linkId, 4, sleep(2000));
        addTally(tally, after);
        expect(after.acknowledged > 0, `no click acknowledged in the 2 s after the restart: ${describeTally(after)}`);
        return `restart took ${restartMs} ms; the 2 s after it: ${describeTally(after)}`;
      });
      await checks.check("PostgreSQL restarted mid-load: every acknowledged click stored", everyAcknowledgedClickStored);
      await checks.check("PostgreSQL restarted: an edit from another instance still empties this one's page cache", () =>
        editReachesPage("#1f7a4d"),
      );
      await checks.check("PostgreSQL down: /readyz 503 naming the database, /healthz 200; both 200 once it is back", async () => {
        const probe = async (path: string) => {
          const answer = await request(`${running.url}${path}`);
          return { status: answer.statusCode, body: (await answer.body.json()) as { failing?: string } };
        };
        const ready = await probe("/readyz");
        expect(ready.status === 200, `/readyz answered ${ready.status} before the stop`);
        const stopped = performance.now();
        privatePostgres!.halt();
        let down = await probe("/readyz");
        while (down.status !== 503 && since(stopped) < 5_000) down = await probe("/readyz");
        expect(down.status === 503 && down.body.failing === "database", `/readyz while down: ${down.status} ${JSON.stringify(down.body)}`);
        const live = await probe("/healthz");
        expect(live.status === 200, `/healthz while PostgreSQL is down answered ${live.status}`);
        const downFor = since(stopped);
        const resumed = performance.now();
        privatePostgres!.resume();
        let back = await probe("/readyz");
        while (back.status !== 200 && since(resumed) < 15_000) {
          await sleep(200);
          back = await probe("/readyz");
        }
        expect(back.status === 200, `/readyz ${back.status} 15 s after PostgreSQL came back: ${JSON.stringify(back.body)}`);
        expect((await probe("/healthz")).status === 200, "/healthz after PostgreSQL came back");
        return `503 within ${downFor} ms of the stop; 200 again ${since(resumed)} ms after the start`;
      });
    }

    let killedAt = 0;
    const killPhase = await loadWith(1 / 2, async () => {
      app!.child.kill("SIGKILL");
      killedAt = performance.now();
      await app!.exited;
    });
    console.log(`  load around the SIGKILL: ${describeTally(killPhase)}`);
    await checks.check(`${kind}: SIGKILL mid-load: every acknowledged click stored`, everyAcknowledgedClickStored);

    let restarted: AppProcess | undefined;
    await checks.check(`${kind}: the app starts again on the same data after SIGKILL`, async () => {
      restarted = await start();
      return `ready ${since(killedAt)} ms after the kill`;
    });
    if (!restarted) return;
    app = restarted;

    let exitCode: number | null = null;
    let stopMs = 0;
    const termPhase = await loadWith(1 / 2, async () => {
      const started = performance.now();
      exitCode = await app!.stop(HARD_STOP_MS + 5_000);
      stopMs = since(started);
    });
    console.log(`  load around the SIGTERM: ${describeTally(termPhase)}`);
    await checks.check(`${kind}: SIGTERM mid-load: the app drains its connections and exits 0 on its own`, () => {
      expect(exitCode === 0, `exit code ${exitCode}:\n${app!.log().slice(-1500)}`);
      // Past server.ts's hard stop the process exits without waiting for its connections or the flush.
      expect(stopMs < HARD_STOP_MS, `took ${stopMs} ms, so server.ts's ${HARD_STOP_MS / 1000} s hard stop ended it, not the drain`);
      return Promise.resolve(`exited ${stopMs} ms after SIGTERM`);
    });
    await checks.check(`${kind}: SIGTERM mid-load: every acknowledged click stored (flushed)`, everyAcknowledgedClickStored);
  } finally {
    await app?.stop(2_000);
    await target?.cleanup();
    privatePostgres?.stop();
  }
}

for (const kind of values.database.split(",")) {
  if (kind !== "pglite" && kind !== "postgres") throw new Error(`--database takes pglite, postgres or both, not ${kind}`);
  await scenario(kind).catch((error: unknown) =>
    checks.check(`${kind}: scenario ran to the end`, () => Promise.reject(error instanceof Error ? error : new Error(String(error)))),
  );
}
checks.finish();
