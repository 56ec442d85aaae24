// npm run bench:lighthouse [-- --path / --path /login --public-page --signed-in --screen /design --runs 3 --desktop]
// Builds if the sources changed, starts server.ts (production, scripts/signed-in-app.ts: a scratch
// embedded database holding one creator with ten links and three players (bench-players.ts), whose
// page --public-page adds to the paths; --signed-in adds the pages that creator lands on,
// /dashboard, /links, /design, /insights and /settings (or only those named by --screen), loaded with their session cookie after a
// visit and a click have given Insights data), then
// runs Lighthouse 12 in Debian's Chromium on each path (mobile form factor and throttling unless
// --desktop) and prints performance, accessibility, best-practices and SEO scores with LCP, TBT
// and CLS. With several runs it prints each and the medians of performance, LCP, TBT and CLS; --report-dir keeps each
// run's full Lighthouse result as JSON. Targets on /: performance
// at least 98, accessibility 100.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { buildIfChanged } from "./build-if-changed";
import { SIGNED_IN_PATHS, startSignedInApp, type SignedInApp } from "./signed-in-app";

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
    screen: { type: "string", multiple: true },
    "report-dir": { type: "string" },
  },
});
const RUNS = Math.max(1, Number(values.runs));

interface Measurement {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** When the unthrottled load actually painted first, from which Lighthouse simulates the phone. */
  observedFcpMs: number;
  lcpElement: string;
  failing: string[];
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

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
    observedFcpMs:
      (audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]
        ?.observedFirstContentfulPaint ?? NaN,
    lcpElement: lcpElementOf(audits["largest-contentful-paint-element"]?.details),
    failing,
  };
}

/** The signed-in screens to measure: those named by --screen, or all of them. */
function signedInScreens(): readonly string[] {
  const named = values.screen;
  if (!named) return SIGNED_IN_PATHS;
  const unknown = named.filter((route) => !SIGNED_IN_PATHS.includes(route));
  if (unknown.length) throw new Error(`--screen ${unknown.join(", ")}: not one of ${SIGNED_IN_PATHS.join(", ")}`);
  return named;
}

/** The LCP element's selector, from the audit's table (nested in a list in Lighthouse 12). */
function lcpElementOf(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"selector":"([^"]+)"/);
  return found?.[1] ?? "unknown";
}

function describe(measurement: Measurement): string {
  const { scores, lcpMs, tbtMs, cls, observedFcpMs, lcpElement, failing } = measurement;
  return (
    `performance ${scores.performance}, accessibility ${scores.accessibility}, best-practices ${scores["best-practices"]}, SEO ${scores.seo}; ` +
    `LCP ${(lcpMs / 1000).toFixed(2)} s (${lcpElement}), TBT ${Math.round(tbtMs)} ms, CLS ${cls.toFixed(3)}, first paint observed at ${(observedFcpMs / 1000).toFixed(2)} s` +
    (failing.length ? `; failing: ${failing.join(", ")}` : "")
  );
}

if (!buildIfChanged()) process.exit(1);
let app: SignedInApp | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  app = await startSignedInApp();
  const { origin, cookie } = app;
  const publicPaths = values["public-page"] ? [...values.path, `/u/${app.slug}`] : values.path;
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const paths = [
    ...publicPaths.map((route) => ({ route, cookie: null })),
    ...(values["signed-in"] ? signedInScreens().map((route) => ({ route, cookie })) : []),
  ];
  // One unmeasured load per path, so the first run does not pay for the server's cold caches.
  for (const { route, cookie: sent } of paths) {
    const answer = await fetch(`${origin}${route}`, { headers: sent ? { cookie: sent } : {}, redirect: "manual" });
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}${sent ? " signed in" : ""}`);
  }
  console.log(`Lighthouse ${values.desktop ? "desktop" : "mobile"}, ${RUNS} run(s) per path, ${origin}`);
  for (const { route, cookie: sent } of paths) {
    const runs: Measurement[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const measurement = await measure(`${origin}${route}`, chrome.port, sent);
      runs.push(measurement);
      console.log(`  ${route} run ${run}: ${describe(measurement)}`);
    }
    if (RUNS > 1) {
      const of = (pick: (run: Measurement) => number) => median(runs.map(pick));
      console.log(
        `  ${route} median: performance ${of((run) => run.scores.performance)}, LCP ${(of((run) => run.lcpMs) / 1000).toFixed(2)} s, ` +
          `TBT ${Math.round(of((run) => run.tbtMs))} ms, CLS ${of((run) => run.cls).toFixed(3)}`,
      );
    }
  }
} finally {
  chrome?.kill();
  await app?.stop();
}
