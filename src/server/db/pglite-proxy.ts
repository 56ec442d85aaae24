import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { messages, type ParserOptions, type Results, type RowMode } from "@electric-sql/pglite";
import { reviveError, type WorkerReply, type WorkerRequest } from "./pglite-messages";
import { log } from "@/server/logging/logger";

/** The part of PGlite's query options that can cross to the worker (parsers run on this side). */
export interface ProxyQueryOptions {
  rowMode?: RowMode;
  parsers?: ParserOptions;
}

export interface PGliteProxyOptions {
  /** Caps the worker's JavaScript heap (query results are built there); beyond it the worker dies. */
  maxHeapMb?: number;
}

export interface PGliteProxyTransaction {
  query<T>(sql: string, params?: unknown[], options?: ProxyQueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
}

// Distributive, so each request kind keeps its own fields.
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

// Found from the working directory (like prisma/migrations), because Next's bundle has no path of its own to it.
const WORKER_FILE = pathToFileURL(path.join(/*turbopackIgnore: true*/ process.cwd(), "src/server/db/pglite-worker.mjs"));

/**
 * PGlite in a worker thread, behind the methods its users call (the Prisma adapter, pgliteTarget).
 * A worker that dies fails every pending call as a lost connection; an on-disk database is then
 * opened again by the next call (PostgreSQL recovers it as after a crash), a memory one is gone.
 */
export class PGliteProxy {
  readonly #dataDir: string;
  readonly #options: PGliteProxyOptions;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #worker: Worker | null = null;
  #lost: Error | null = null;
  #closed = false;
  #nextId = 1;

  constructor(dataDir: string, options: PGliteProxyOptions = {}) {
    this.#dataDir = dataDir;
    this.#options = options;
    this.#worker = this.#start();
  }

  query<T>(sql: string, params?: unknown[], options?: ProxyQueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  async exec(sql: string): Promise<Results[]> {
    return (await this.#call({ op: "exec", sql })) as Results[];
  }

  /** Like PGlite's: commits when fn resolves, rolls back when it throws or calls tx.rollback(). */
  async transaction<T>(fn: (tx: PGliteProxyTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: "begin" })) as number;
    const tx: PGliteProxyTransaction = {
      query: (sql, params, options) => this.#query(sql, params, options, id),
      exec: async (sql) => (await this.#call({ op: "exec", sql, tx: id })) as Results[],
      rollback: async () => {
        await this.#call({ op: "rollback", tx: id });
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.#call({ op: "end", tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: "end", tx: id, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    const worker = this.#worker;
    if (worker) await this.#call({ op: "close" }).catch(() => undefined);
    this.#closed = true;
    await worker?.terminate();
  }

  async #query<T>(sql: string, params: unknown[] | undefined, options: ProxyQueryOptions | undefined, tx: number | undefined) {
    const parsers = options?.parsers;
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : [];
    const results = (await this.#call({ op: "query", sql, params, rowMode: options?.rowMode, rawTypes, tx })) as Results<T>;
    if (parsers) parseColumns(results, parsers, options?.rowMode);
    return results;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error("The embedded database is closed"));
    if (this.#lost) return Promise.reject(this.#lost);
    this.#worker ??= this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) this.#worker!.ref();
      this.#worker!.postMessage({ ...request, id });
    });
  }

  #start(): Worker {
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir: this.#dataDir },
      resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb },
    });
    // Like an in-process database, an idle one does not keep the process alive.
    worker.unref();
    let failure: Error | undefined;
    worker.on("message", (reply: WorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(reviveError(reply.error));
    });
    worker.on("error", (error) => (failure = error));
    worker.on("exit", (code) => {
      this.#worker = null;
      if (this.#closed) return;
      const reason = failure ? failure.message : `exit code ${code}`;
      const lost = connectionLost(`The embedded database's worker stopped (${reason})`);
      if (this.#dataDir.startsWith("memory://")) this.#lost = lost;
      else log().error(`${lost.message}; it is opened again on the next query.`);
      for (const pending of this.#pending.values()) pending.reject(lost);
      this.#pending.clear();
    });
    return worker;
  }
}

// PostgreSQL's connection_failure, so callers treat it as a lost connection (a 503, not a 500).
function connectionLost(message: string): Error {
  const error = new messages.DatabaseError(message, 0, "error");
  return Object.assign(error, { severity: "FATAL", code: "08006" });
}

function parseColumns(results: Results<unknown>, parsers: ParserOptions, rowMode: RowMode | undefined): void {
  results.fields.forEach((field, column) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === "array" ? column : field.name;
    for (const row of results.rows as Record<string | number, unknown>[]) {
      const text = row[key];
      if (text !== null) row[key] = parse(text as string);
    }
  });
}
