import path from "node:path";
import type { MessagePort } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/server/config/env";
import { lockDataDir } from "./data-dir-lock";
import { withPageInvalidation } from "./invalidation";
import { listenForPageChanges } from "./page-change-listener";
import { applyMigrations } from "./migrate";
import { PGlitePortClient, PGliteProxy } from "./pglite-proxy";
import { pgliteTarget, pgPoolTarget, type SqlTarget } from "./sql-target";
import { log } from "@/server/logging/logger";
import { answerOtherThread, callOtherThread, inWebAppThread } from "@/server/threads/bridge";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  sql: SqlTarget;
  /** Subscribes to other instances' page changes (PostgreSQL); returns the unsubscribe. */
  listen(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory, or "memory://" for a throwaway database. */
  pglitePath?: string;
  /** A PGlite data folder saved with dumpDataDir that a new embedded database starts from (tests). */
  pgliteTemplateFile?: string;
}

// A request waits this long for a connection when PostgreSQL is unreachable, then gets a 503.
const CONNECT_TIMEOUT_MS = 5_000;

export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return createPostgres(options.databaseUrl);
  if (inWebAppThread()) return reachEmbedded();
  const pglitePath = options.pglitePath ?? "memory://";
  // Two processes writing one embedded database destroy it, so the folder has one owner.
  const unlock = pglitePath.startsWith("memory://") ? () => undefined : lockDataDir(path.dirname(pglitePath));
  // Its WebAssembly runs in a worker thread, so a long write never stalls the requests being served.
  const pglite = new PGliteProxy(pglitePath, { templateFile: options.pgliteTemplateFile });
  answerOtherThread(PGLITE_PORT_CALL, () => pglite.connectPort());
  return embeddedDatabase(pglite, () => pglite.close().finally(unlock));
}

function embeddedDatabase(pglite: PGliteProxy | PGlitePortClient, close: () => Promise<void>): Database {
  // One process owns an embedded database, so nobody listens for its triggers' notices.
  return {
    kind: "pglite",
    // The adapter calls only query (with rowMode and parsers), exec and transaction, which the proxy provides.
    prisma: withPageInvalidation(new PrismaClient({ adapter: new PrismaPGlite(pglite as unknown as PGlite) })),
    sql: pgliteTarget(pglite),
    listen: () => Promise.resolve(() => Promise.resolve()),
    close,
  };
}

const PGLITE_PORT_CALL = "pglite-port";

/** The web app's thread uses the embedded database that the server's main thread opened (and locked). */
function reachEmbedded(): Database {
  const pglite = new PGlitePortClient(() => callOtherThread<MessagePort>(PGLITE_PORT_CALL, null));
  return embeddedDatabase(pglite, () => pglite.close());
}

function createPostgres(databaseUrl: string): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  // An idle connection dropped by the server is reported here; the pool replaces it on next use.
  pool.on("error", (error) => log().warn(`PostgreSQL connection lost: ${error.message}`));
  return {
    kind: "postgres",
    prisma: withPageInvalidation(new PrismaClient({ adapter: new PrismaPg(pool) })),
    sql: pgPoolTarget(pool),
    listen: async () => {
      const listening = listenForPageChanges(databaseUrl);
      await listening.ready;
      return () => listening.stop();
    },
    close: () => pool.end(),
  };
}

// Next's bundle holds copies of this module (and `npm run dev` the server's beside them); one database
// per thread. PGlite allows one connection, which the web app's thread reaches through the main one.
const slot = globalThis as unknown as { __linkbioDatabase?: Database; __linkbioReady?: Promise<Database> };

export function databaseOptionsFromEnv(settings: { DATABASE_URL?: string; DATA_DIR?: string } = env): DatabaseOptions {
  if (settings.DATABASE_URL) return { databaseUrl: settings.DATABASE_URL };
  const dataDir = path.resolve(/*turbopackIgnore: true*/ settings.DATA_DIR ?? ".data");
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
  // A failed attempt (the database not reachable yet) is not kept, so the caller can try again.
  slot.__linkbioReady.catch(() => {
    slot.__linkbioReady = undefined;
  });
  return slot.__linkbioReady;
}

/** Closes the database if this process opened it (start-up that fails releases the embedded database's lock). */
export async function closeDatabaseIfOpen(): Promise<void> {
  const database = slot.__linkbioDatabase;
  slot.__linkbioDatabase = undefined;
  slot.__linkbioReady = undefined;
  await database?.close();
}

/** Lets tests install a database of their own choosing. */
export function useDatabase(database: Database): void {
  slot.__linkbioDatabase = database;
  slot.__linkbioReady = Promise.resolve(database);
}

export function db(): PrismaClient {
  return getDatabase().prisma;
}
