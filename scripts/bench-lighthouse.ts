// npm run bench:lighthouse [-- --path / --path /login --public-page --signed-in --runs 3 --desktop]
// Builds if the sources changed, starts server.ts (production, a scratch embedded database holding
// one creator with ten links and three players (bench-players.ts), whose page --public-page adds to the paths; --signed-in adds the pages
// that creator lands on, /dashboard, /links, /design and /insights, loaded with their session cookie
// after a visit and a click have given Insights data), then
// runs Lighthouse 12 in Debian's Chromium on each path (mobile form factor and throttling unless
// --desktop) and prints performance, accessibility, best-practices and SEO scores with LCP, TBT
// and CLS. With several runs it prints each and the median performance; --report-dir keeps each
// run's full Lighthouse result as JSON. Targets on /: performance
// at least 98, accessibility 100.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { encode } from "next-auth/jwt";
import { freePort, startApp, type AppProcess } from "./app-process";
import { benchDatabase, migrate, seedCreator } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";
import { seedPlayers } from "./bench-players";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const { values } = parseArgs({
  options: {
    path: { type: "string", multiple: true, default: ["/"] },
    runs: { type: "string", default: "1" },
    desktop: { type: "boolean", default: false },
    "public-page": { type: "boolean", default: false },
    "signed-in": { type: "boolean", default: false },
    "report-dir": { type: "string" },
  },
});
const RUNS = Math.max(1, Number(values.runs));

interface Measurement {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  failing: string[];
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const SIGNED_IN_PATHS = ["/dashboard", "/links", "/design", "/insights"];
const AUTH_SECRET = process.env.AUTH_SECRET ?? "bench-lighthouse-secret";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function measure(url: string, port: number, cookie: string | null): Promise<Measurement> {
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES], extraHeaders: cookie ? { Cookie: cookie } : undefined },
    values.desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (values["report-dir"]) {
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "root"}-${Date.now()}.json`;
    fs.mkdirSync(values["report-dir"], { recursive: true });
    fs.writeFileSync(path.join(values["report-dir"], name), JSON.stringify(result.lhr, null, 1));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  // Audits that cost points in accessibility, best practices or SEO, so a score below 100 says why.
  const failing = CATEGORIES.filter((id) => id !== "performance")
    .flatMap((id) => categories[id]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      // Name what went wrong (a console error's text, an element's selector) where Lighthouse says.
      const items =
        (audits[ref.id]?.details as { items?: { description?: string; node?: { selector?: string } }[] } | undefined)?.items ?? [];
      const examples = items
        .map((item) => item.description ?? item.node?.selector)
        .filter(Boolean)
        .slice(0, 3);
      return examples.length ? `${ref.id} (${examples.join(" | ")})` : ref.id;
    });
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    lcpElement: lcpElementOf(audits["largest-contentful-paint-element"]?.details),
    failing,
  };
}

/** The LCP element's selector, from the audit's table (nested in a list in Lighthouse 12). */
function lcpElementOf(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"selector":"([^"]+)"/);
  return found?.[1] ?? "unknown";
}

function describe(measurement: Measurement): string {
  const { scores, lcpMs, tbtMs, cls, lcpElement, failing } = measurement;
  return (
    `performance ${scores.performance}, accessibility ${scores.accessibility}, best-practices ${scores["best-practices"]}, SEO ${scores.seo}; ` +
    `LCP ${(lcpMs / 1000).toFixed(2)} s (${lcpElement}), TBT ${Math.round(tbtMs)} ms, CLS ${cls.toFixed(3)}` +
    (failing.length ? `; failing: ${failing.join(", ")}` : "")
  );
}

if (!buildIfChanged()) process.exit(1);
const database = await benchDatabase(true, null);
let app: AppProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const setup = database.open();
  await migrate(setup);
  const { user, profile, links } = await seedCreator(setup, 10);
  await seedPlayers(setup, profile.id, links.length);
  // A web session as signing in starts one: a Session row, named by the cookie's signed token.
  const session = await setup.prisma.session.create({
    data: { user_id: user.id, kind: "web", browser: "Chrome", os: "Linux", country: "ZZ" },
  });
  const token = await encode({ token: { sub: user.id, sid: session.id, email: user.email }, secret: AUTH_SECRET });
  await setup.close();
  const publicPaths = values["public-page"] ? [...values.path, `/u/${profile.slug}`] : values.path;

  const port = await freePort();
  app = await startApp({ entry: "server.ts", port, env: { ...database.env, AUTH_SECRET } });
  // localhost, the app's own origin (APP_URL), so canonical links and redirects stay on it.
  const origin = `http://localhost:${port}`;
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const cookie = `next-auth.session-token=${token}`;
  const paths = [
    ...publicPaths.map((route) => ({ route, cookie: null })),
    ...(values["signed-in"] ? SIGNED_IN_PATHS.map((route) => ({ route, cookie })) : []),
  ];
  if (values["signed-in"]) {
    // A visitor's view and click, so Insights draws its charts and tables rather than its empty state.
    await fetch(`${origin}/u/${profile.slug}`, { headers: { "user-agent": BROWSER } });
    await fetch(`${origin}/api/v1/links/${links[0]!.id}/click/`, { method: "POST", headers: { "user-agent": BROWSER } });
  }
  // One unmeasured load per path, so the first run does not pay for the server's cold caches.
  for (const { route, cookie: sent } of paths) {
    const answer = await fetch(`${origin}${route}`, { headers: sent ? { cookie: sent } : {}, redirect: "manual" });
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}${sent ? " signed in" : ""}`);
  }
  console.log(`Lighthouse ${values.desktop ? "desktop" : "mobile"}, ${RUNS} run(s) per path, ${origin}`);
  for (const { route, cookie: sent } of paths) {
    const performances: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const measurement = await measure(`${origin}${route}`, chrome.port, sent);
      performances.push(measurement.scores.performance);
      console.log(`  ${route} run ${run}: ${describe(measurement)}`);
    }
    if (RUNS > 1) console.log(`  ${route} median performance ${median(performances)}`);
  }
} finally {
  chrome?.kill();
  await app?.stop();
  await database.cleanup();
}
