// Shared by the analytics benchmarks: a scratch database, a creator with links, visitor traffic.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, type Database } from "../src/server/db/client";
import { applyMigrations } from "../src/server/db/migrate";

export interface BenchDatabase {
  kind: "postgres" | "pglite";
  /** For a child process: DATABASE_URL or DATA_DIR. */
  env: Record<string, string>;
  label: string;
  open(): Database;
  cleanup(): Promise<void>;
}

/**
 * PostgreSQL when `url` (default DATABASE_URL) is set (a scratch database created beside the one
 * named, dropped at the end), else the embedded database: in memory, or in a temporary DATA_DIR when `onDisk`
 * (so another process can open it).
 */
export async function benchDatabase(onDisk: boolean, url: string | null = process.env.DATABASE_URL ?? null): Promise<BenchDatabase> {
  if (url) {
    const name = `linkbio_bench_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    return {
      kind: "postgres",
      env: { DATABASE_URL: scratch.toString() },
      label: `PostgreSQL (scratch database ${name})`,
      open: () => createDatabase({ databaseUrl: scratch.toString() }),
      cleanup: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  // An empty DATABASE_URL keeps a server started with this env on the embedded database even when
  // the caller's own environment names a PostgreSQL one.
  if (!onDisk) {
    return {
      kind: "pglite",
      env: { DATABASE_URL: "" },
      label: "embedded PGlite (in memory)",
      open: () => createDatabase({ pglitePath: "memory://" }),
      cleanup: async () => {},
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "linkbio-bench-"));
  return {
    kind: "pglite",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    label: `embedded PGlite (DATA_DIR ${dataDir})`,
    open: () => createDatabase({ pglitePath: path.join(dataDir, "pglite") }),
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

export async function migrate(database: Database): Promise<void> {
  await applyMigrations(database.sql);
}

/** A user with a profile and `linkCount` links, written directly (the benchmarks measure analytics). */
export async function seedCreator(database: Database, linkCount: number) {
  const suffix = randomUUID().slice(0, 8);
  const user = await database.prisma.user.create({ data: { email: `bench-${suffix}@example.com`, onboarding_completed: true } });
  const profile = await database.prisma.profile.create({
    data: { user_id: user.id, slug: `bench_${suffix}`, is_primary: true, design: { create: {} } },
  });
  const links = [];
  for (let i = 0; i < linkCount; i += 1) {
    links.push(
      await database.prisma.link.create({
        data: { profile_id: profile.id, title: `Link ${i + 1}`, url: `https://example.com/${i}`, position: i },
      }),
    );
  }
  return { user, profile, links };
}

export interface StoredClicks {
  events: number;
  link_clicks: number;
  daily: number;
  slots: number;
}

/** A link's clicks as each place that stores them counts them: events, Link.clicks, daily rollup, 15-minute slots. */
export async function storedClicks(database: Database, linkId: string): Promise<StoredClicks> {
  const [found] = await database.sql.query<StoredClicks>(
    `SELECT (SELECT count(*)::int FROM "AnalyticsEvent" WHERE link_id = $1 AND type = 'click') AS events,
            (SELECT clicks FROM "Link" WHERE id = $1) AS link_clicks,
            (SELECT coalesce(sum(clicks), 0)::int FROM "AnalyticsDaily" WHERE dimension = 'link' AND key = $1) AS daily,
            (SELECT coalesce(sum(x), 0)::int FROM (SELECT dimension, key, clicks FROM "AnalyticsDailySlots" UNION ALL SELECT dimension, key, clicks FROM "AnalyticsFrozenSlots") AS s,
              unnest(clicks) AS x WHERE dimension = 'link' AND key = $1) AS slots`,
    [linkId],
  );
  return found!;
}

export const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
];

export const REFERRERS = [
  null,
  null,
  "https://www.instagram.com/",
  "https://t.co/abc",
  "https://www.tiktok.com/",
  "https://www.youtube.com/",
  "https://l.facebook.com/",
];

/** A small deterministic PRNG, so runs are comparable. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Public-looking IPv4 addresses (private and reserved ranges skipped). */
export function ipPool(size: number, random: () => number): string[] {
  const pool: string[] = [];
  while (pool.length < size) {
    const a = 1 + Math.floor(random() * 222);
    if (a === 10 || a === 127 || a === 100 || a === 169 || a === 172 || a === 192 || a === 198 || a === 203) continue;
    pool.push(`${a}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`);
  }
  return pool;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value below which `p` (0–1) of the values fall (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
