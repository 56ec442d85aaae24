// npm run bench:share-image [-- --seconds 10 --connections 8]
// Does drawing share images hold up other visitors? Starts server.ts (production build) on a scratch
// database; one creator uploads the largest avatar the limits allow (4096×3900 pixels), another's
// page is what visitors load. First visitors alone load the page for a few seconds (baseline); then
// for `--seconds` the first creator renames the page again and again and the share image is fetched
// after each rename, so every fetch is a fresh drawing, while the visitors go on. Prints the page's
// p50/p99/max latency in both phases, the drawings' times and the server's memory. Figures only: the
// issue's aim is a page p99 under 50 ms while drawings run.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { Pool } from "undici";
import { megabytes, startApp, type AppProcess } from "./app-process";
import { benchDatabase, median, migrate, ms, percentile } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    port: { type: "string", default: process.env.OPS_PORT ?? "3180" },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const BASELINE_SECONDS = 3;
const PASSWORD = "correct horse battery";

if (!buildIfChanged()) process.exit(1);

/**
 * The costliest avatar the limits allow: the most pixels (4096×3900, under 16 megapixels) full of
 * detail (upscaled noise, which a flat colour would not have) at the best JPEG quality under 2 MB,
 * so decoding it does the most work an upload can ask for.
 */
async function largestAvatar(): Promise<Buffer> {
  const noise = await sharp({
    create: { width: 1024, height: 975, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 60 }, background: "#000" },
  })
    .png()
    .toBuffer();
  const detailed = await sharp(noise).resize(4096, 3900, { kernel: "cubic" }).raw().toBuffer({ resolveWithObject: true });
  for (let quality = 95; quality > 5; quality -= 5) {
    const jpeg = await sharp(detailed.data, { raw: detailed.info }).jpeg({ quality }).toBuffer();
    if (jpeg.byteLength <= 2 * 1024 * 1024) return jpeg;
  }
  throw new Error("No JPEG of the largest avatar fits in 2 MB");
}

async function api(base: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function creator(base: string, label: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  await api(base, "POST", "/auth/register/", { email, password: PASSWORD, password_confirm: PASSWORD });
  const { access } = (await api(base, "POST", "/auth/login/", { email, password: PASSWORD })) as { access: string };
  const slug = `${label}_${randomUUID().slice(0, 8)}`;
  await api(base, "POST", "/profiles/update-slug/", { slug }, access);
  return { slug, token: access };
}

/** A page loaded by `CONNECTIONS` visitors back to back until `until`; the latency of each load. */
async function visitors(pool: Pool, path: string, until: number): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const { statusCode, body } = await pool.request({ path, method: "GET" });
        await body.dump();
        if (statusCode !== 200) throw new Error(`${path} answered ${statusCode}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

const describe = (latencies: number[]) =>
  `${latencies.length} loads, p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(Math.max(...latencies))}`;

const target = await benchDatabase(true);
let app: AppProcess | undefined;
try {
  const setup = target.open();
  await migrate(setup);
  await setup.close();
  app = await startApp({ entry: "server.ts", port: Number(values.port), env: { ...target.env, AUTH_SECRET: "bench-share-secret" } });
  const base = app.url;
  const drawn = await creator(base, "drawn");
  const visited = await creator(base, "visited");
  const avatar = await largestAvatar();
  await api(base, "PATCH", "/profiles/me/", { avatar_url: `data:image/jpeg;base64,${avatar.toString("base64")}` }, drawn.token);

  const pool = new Pool(base, { connections: CONNECTIONS });
  const pagePath = `/u/${visited.slug}`;
  await visitors(pool, pagePath, performance.now() + 500);
  const baseline = await visitors(pool, pagePath, performance.now() + BASELINE_SECONDS * 1000);

  const drawings: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const drawing = (async () => {
    for (let round = 0; performance.now() < until; round++) {
      await api(base, "PATCH", "/profiles/me/", { display_name: `Drawn ${round}` }, drawn.token);
      const started = performance.now();
      const response = await fetch(`${base}/u/${drawn.slug}/og.png`);
      const png = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || png.readUInt32BE(16) !== 1200) throw new Error(`og.png answered ${response.status}`);
      drawings.push(performance.now() - started);
    }
  })();
  const during = await visitors(pool, pagePath, until);
  await drawing;
  await pool.close();

  console.log(`Avatar: 4096×3900 JPEG of ${(avatar.byteLength / 1024 / 1024).toFixed(2)} MB; ${CONNECTIONS} visitors on ${target.label}`);
  console.log(`Page alone:            ${describe(baseline)}`);
  console.log(`Page while drawing:    ${describe(during)}`);
  console.log(`Share images drawn:    ${drawings.length}, median ${ms(median(drawings))}, max ${ms(Math.max(...drawings))}`);
  console.log(`Server memory after:   ${megabytes(app.rssBytes())}`);
} finally {
  await app?.stop();
  await target.cleanup();
}
