import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/generated/prisma/client";
import { invalidatePublicPages } from "@/server/public-page/page-cache";
import { INVALIDATION_CHANNEL, withPageInvalidation } from "./invalidation";
import { applyMigrations } from "./migrate";
import { pgliteTarget, pgPoolTarget, type SqlTarget } from "./sql-target";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  sql: SqlTarget;
  /** Subscribes to other instances' page invalidations (PostgreSQL); returns the unsubscribe. */
  listen(): Promise<() => void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory://" for a throwaway database. */
  pglitePath?: string;
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const notify = () => void pool.query(`NOTIFY ${INVALIDATION_CHANNEL}`).catch(() => undefined);
    return {
      kind: "postgres",
      prisma: withPageInvalidation(new PrismaClient({ adapter: new PrismaPg(pool) }), notify),
      sql: pgPoolTarget(pool),
      listen: () => listenForInvalidations(pool),
      close: () => pool.end(),
    };
  }
  // One process owns an embedded database, so there is no other instance to tell.
  const pglite = new PGlite(options.pglitePath ?? "memory://");
  return {
    kind: "pglite",
    prisma: withPageInvalidation(new PrismaClient({ adapter: new PrismaPGlite(pglite) }), () => undefined),
    sql: pgliteTarget(pglite),
    listen: async () => () => undefined,
    close: () => pglite.close(),
  };
}

/** Other instances' edits empty this instance's page cache too. Returns the way to stop listening. */
async function listenForInvalidations(pool: pg.Pool): Promise<() => void> {
  const client = await pool.connect();
  client.on("notification", invalidatePublicPages);
  await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
  return () => client.release();
}

// Next bundles its own copy of this module beside the one the custom server loads;
// a process-wide slot makes both share one connection (PGlite allows only one).
const slot = globalThis as unknown as { __linkbioDatabase?: Database; __linkbioReady?: Promise<Database> };

export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.DATABASE_URL) return { databaseUrl: env.DATABASE_URL };
  const dataDir = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? ".data");
  return { pglitePath: path.join(dataDir, "pglite") };
}

export function getDatabase(): Database {
  slot.__linkbioDatabase ??= createDatabase(databaseOptionsFromEnv());
  return slot.__linkbioDatabase;
}

/** Opens the database once and applies pending migrations before anything is served. */
export function prepareDatabase(log?: (line: string) => void): Promise<Database> {
  slot.__linkbioReady ??= (async () => {
    const database = getDatabase();
    await applyMigrations(database.sql, undefined, log);
    return database;
  })();
  return slot.__linkbioReady;
}

/** Lets tests install a database of their own choosing. */
export function useDatabase(database: Database): void {
  slot.__linkbioDatabase = database;
  slot.__linkbioReady = Promise.resolve(database);
}

export function db(): PrismaClient {
  return getDatabase().prisma;
}
