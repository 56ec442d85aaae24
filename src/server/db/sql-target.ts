import type { Pool, PoolClient } from "pg";

/** The little SQL surface the migration runner and tests need, over PGlite or a pg Pool. */
export interface SqlTarget {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  /** `statementName` prepares the statement once per PostgreSQL connection (PGlite ignores it). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], statementName?: string): Promise<T[]>;
  /** Commits when fn resolves, rolls back when it throws; inside a transaction it joins the outer one. */
  transaction<T>(fn: (tx: SqlTarget) => Promise<T>): Promise<T>;
}

interface PGliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

/** PGlite itself, or the proxy to PGlite in its worker thread (pglite-proxy.ts). */
export interface PGliteConnection extends PGliteQueryable {
  transaction<T>(fn: (tx: PGliteQueryable) => Promise<T>): Promise<T>;
}

export function pgliteTarget(db: PGliteConnection): SqlTarget {
  return {
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
    transaction: (fn) => db.transaction((tx) => fn(pgliteTransactionTarget(tx))),
  };
}

function pgliteTransactionTarget(tx: PGliteQueryable): SqlTarget {
  const target: SqlTarget = {
    exec: async (sql) => {
      await tx.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows,
    transaction: (fn) => fn(target),
  };
  return target;
}

export function pgPoolTarget(pool: Pool): SqlTarget {
  return {
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[], name?: string) => (await pool.query({ text: sql, values: params, name })).rows as T[],
    transaction: async (fn) => {
      const client = await pool.connect();
      // A checked-out client has no listener of the pool's; a dropped connection would otherwise be an
      // uncaught 'error' (the failing query rejects and is handled where it was made).
      const ignoreDroppedConnection = () => undefined;
      client.on("error", ignoreDroppedConnection);
      try {
        await client.query("BEGIN");
        const result = await fn(pgClientTarget(client));
        await client.query("COMMIT");
        client.removeListener("error", ignoreDroppedConnection);
        client.release();
        return result;
      } catch (error) {
        // A client whose ROLLBACK fails is in an unknown state: destroy it instead of pooling it.
        await client.query("ROLLBACK").then(
          () => client.release(),
          (rollbackError: Error) => client.release(rollbackError),
        );
        client.removeListener("error", ignoreDroppedConnection);
        throw error;
      }
    },
  };
}

function pgClientTarget(client: PoolClient): SqlTarget {
  const target: SqlTarget = {
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[], name?: string) =>
      (await client.query({ text: sql, values: params, name })).rows as T[],
    transaction: (fn) => fn(target),
  };
  return target;
}
