// npm run bench:js-bytes [-- --path /]
// The JavaScript each signed-in screen loads before its first interaction: builds if the sources
// changed, starts the production server as bench:lighthouse does (scripts/signed-in-app.ts), reads
// each screen's HTML with the creator's session and adds up the scripts it names, as sent and
// compressed (gzip, level 9). Chunks loaded later on demand (charts, drag and drop) are not counted.
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { buildIfChanged } from "./build-if-changed";
import { SIGNED_IN_PATHS, startSignedInApp, type SignedInApp } from "./signed-in-app";

const { values } = parseArgs({ options: { path: { type: "string", multiple: true, default: [] } } });

/**
 * Every same-origin script the page's HTML names: <script src>, the <link rel=preload|modulepreload
 * as=script> hints and the chunks queued for after the first paint (__linkbioScript, what a browser's
 * document request gets), less the nomodule polyfills a current browser neither fetches nor runs.
 */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g)) if (!/\snomodule/i.test(match[0])) found.add(match[1]!);
  for (const match of html.matchAll(/__linkbioScript\("([^"]+)"\)/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="(?:preload|modulepreload)"[^>]*>/g)) {
    const href = match[0].match(/href="([^"]+)"/)?.[1];
    if (href && (/as="script"/.test(match[0]) || match[0].includes("modulepreload"))) found.add(href);
  }
  return [...found].filter((src) => src.startsWith("/")).map((src) => src.replaceAll("&amp;", "&"));
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

if (!buildIfChanged()) process.exit(1);
let app: SignedInApp | undefined;
try {
  app = await startSignedInApp();
  const { origin, cookie } = app;
  const sizes = new Map<string, { raw: number; gzip: number }>();
  console.log("JavaScript before the first interaction (scripts the HTML names), per screen:");
  for (const route of [...SIGNED_IN_PATHS, ...values.path]) {
    const answer = await fetch(`${origin}${route}`, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
    let raw = 0;
    let gzip = 0;
    const scripts = scriptsOf(await answer.text());
    for (const src of scripts) {
      if (!sizes.has(src)) {
        const body = Buffer.from(await (await fetch(`${origin}${src}`)).arrayBuffer());
        sizes.set(src, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }
      raw += sizes.get(src)!.raw;
      gzip += sizes.get(src)!.gzip;
    }
    console.log(`  ${route}: ${scripts.length} scripts, ${kB(gzip)} compressed (${kB(raw)} uncompressed)`);
  }
} finally {
  await app?.stop();
}
