import path from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
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
  /** A data folder saved with PGlite's dumpDataDir to start a new database from, instead of creating one (tests). */
  templateFile?: string;
}

export interface PGliteProxyTransaction {
  query<T>(sql: string, params?: unknown[], options?: ProxyQueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
}

// Distributive, so each request kind keeps its own fields.
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, "id"> : never) : never;

/** The database worker itself (for its owner) or a port to it (for another thread). */
type Channel = Worker | MessagePort;

// Found from the working directory (like prisma/migrations), because Next's bundle has no path of its own to it.
const WORKER_FILE = pathToFileURL(path.join(/*turbopackIgnore: true*/ process.cwd(), "src/server/db/pglite-worker.mjs"));

/** What PGlite's users call (the Prisma adapter, pgliteTarget), sent to the database worker over a channel. */
abstract class PGliteClient {
  readonly #pending = new Map<number, { channel: Channel; resolve(value: unknown): void; reject(error: Error): void }>();
  protected closed = false;
  #nextId = 1;

  query<T>(sql: string, params?: unknown[], options?: ProxyQueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  async exec(sql: string): Promise<Results[]> {
    return (await this.call({ op: "exec", sql })) as Results[];
  }

  /** Like PGlite's: commits when fn resolves, rolls back when it throws or calls tx.rollback(). */
  async transaction<T>(fn: (tx: PGliteProxyTransaction) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: "begin" })) as number;
    const tx: PGliteProxyTransaction = {
      query: (sql, params, options) => this.#query(sql, params, options, id),
      exec: async (sql) => (await this.call({ op: "exec", sql, tx: id })) as Results[],
      rollback: async () => {
        await this.call({ op: "rollback", tx: id });
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.call({ op: "end", tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: "end", tx: id, commit: true });
    return result;
  }

  async #query<T>(sql: string, params: unknown[] | undefined, options: ProxyQueryOptions | undefined, tx: number | undefined) {
    const parsers = options?.parsers;
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : [];
    const results = (await this.call({ op: "query", sql, params, rowMode: options?.rowMode, rawTypes, tx })) as Results<T>;
    if (parsers) parseColumns(results, parsers, options?.rowMode);
    return results;
  }

  /** The channel to send on, opened again after a loss; or the reason there is none. */
  protected abstract channel(): Channel | Promise<Channel>;

  protected call(request: Request): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("The embedded database is closed"));
    let channel: Channel | Promise<Channel>;
    try {
      channel = this.channel();
    } catch (lost) {
      return Promise.reject(lost instanceof Error ? lost : new Error(String(lost)));
    }
    if (channel instanceof Promise) return channel.then((opened) => this.#send(opened, request));
    return this.#send(channel, request);
  }

  #send(channel: Channel, request: Request): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { channel, resolve, reject });
      channel.ref();
      channel.postMessage({ ...request, id });
    });
  }

  /** Answers arrive here; like an in-process database, an idle channel does not keep the process alive. */
  protected listen(channel: Channel): void {
    channel.unref();
    channel.on("message", (reply: WorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (!this.#waitsOn(channel)) channel.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(reviveError(reply.error));
    });
  }

  #waitsOn(channel: Channel): boolean {
    for (const pending of this.#pending.values()) if (pending.channel === channel) return true;
    return false;
  }

  /** Every call under way on the channel fails as a lost connection. */
  protected failPending(channel: Channel, lost: Error): void {
    for (const [id, pending] of this.#pending) {
      if (pending.channel !== channel) continue;
      this.#pending.delete(id);
      pending.reject(lost);
    }
  }
}

/**
 * PGlite in a worker thread, owned by this thread. A worker that dies fails every pending call as a
 * lost connection; an on-disk database is then opened again by the next call (PostgreSQL recovers
 * it as after a crash), a memory one is gone. Other threads reach the same worker through
 * `connectPort()` (PGlite's one connection serves them all, each with its own transactions).
 */
export class PGliteProxy extends PGliteClient {
  readonly #dataDir: string;
  readonly #options: PGliteProxyOptions;
  #worker: Worker | null = null;
  #lost: Error | null = null;

  constructor(dataDir: string, options: PGliteProxyOptions = {}) {
    super();
    this.#dataDir = dataDir;
    this.#options = options;
    this.#worker = this.#start();
  }

  /** A port on which another thread's PGlitePortClient reaches this database; it closes when the worker stops. */
  connectPort(): MessagePort {
    if (this.closed) throw new Error("The embedded database is closed");
    const { port1, port2 } = new MessageChannel();
    (this.channel() as Worker).postMessage({ op: "attach", port: port2 }, [port2]);
    return port1;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.#worker;
    if (worker) await this.call({ op: "close" }).catch(() => undefined);
    this.closed = true;
    await worker?.terminate();
  }

  protected channel(): Channel {
    // A worker that has stopped says so (threadId -1) before its exit event, which another thread's
    // client may beat in asking for a new port.
    if (this.#worker?.threadId === -1) {
      if (this.#dataDir.startsWith("memory://")) this.#lost = connectionLost("The embedded database's worker stopped");
      this.#worker = null;
    }
    if (this.#lost) throw this.#lost;
    this.#worker ??= this.#start();
    return this.#worker;
  }

  #start(): Worker {
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir: this.#dataDir, templateFile: this.#options.templateFile },
      resourceLimits: { maxOldGenerationSizeMb: this.#options.maxHeapMb },
    });
    this.listen(worker);
    let failure: Error | undefined;
    worker.on("error", (error) => (failure = error));
    worker.on("exit", (code) => {
      if (this.#worker === worker) this.#worker = null;
      if (this.closed) return;
      const reason = failure ? failure.message : `exit code ${code}`;
      const lost = connectionLost(`The embedded database's worker stopped (${reason})`);
      if (this.#dataDir.startsWith("memory://")) this.#lost = lost;
      else log().error(`${lost.message}; it is opened again on the next query.`);
      this.failPending(worker, lost);
    });
    return worker;
  }
}

/**
 * Another thread's way to the database worker that PGliteProxy owns: `connect` asks the owner for a
 * port, again after the worker stopped (the owner opens it again).
 */
export class PGlitePortClient extends PGliteClient {
  readonly #connect: () => Promise<MessagePort>;
  #port: Promise<MessagePort> | null = null;

  constructor(connect: () => Promise<MessagePort>) {
    super();
    this.#connect = connect;
  }

  protected channel(): Promise<MessagePort> {
    this.#port ??= this.#open();
    return this.#port;
  }

  async #open(): Promise<MessagePort> {
    const opening = this.#handshake();
    opening.catch(() => (this.#port = null));
    const port = await opening;
    this.listen(port);
    port.on("close", () => {
      this.#port = null;
      this.failPending(port, connectionLost("The embedded database's worker stopped"));
    });
    return port;
  }

  /**
   * A port that answers: one asked for just after the worker died may have gone to the dead worker
   * (the owner learns of the death after this thread does), so it is asked again, a little later.
   */
  async #handshake(): Promise<MessagePort> {
    for (let attempt = 1; ; attempt += 1) {
      const port = await this.#connect();
      if (await answers(port)) return port;
      port.close();
      if (attempt === HANDSHAKE_ATTEMPTS) throw connectionLost("The embedded database's worker did not answer");
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }

  /** Lets go of the port; the database stays open for its owner. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const port = await this.#port?.catch(() => null);
    port?.close();
  }
}

const HANDSHAKE_ATTEMPTS = 5;
const HANDSHAKE_ID = 0;

/** Whether the worker behind a new port answers (ids start at 1, so 0 is the handshake's own). */
function answers(port: MessagePort): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (alive: boolean) => {
      port.off("message", onReply);
      port.off("close", onClose);
      resolve(alive);
    };
    const onReply = (reply: WorkerReply) => reply.id === HANDSHAKE_ID && settle(reply.ok);
    const onClose = () => settle(false);
    port.on("message", onReply);
    port.on("close", onClose);
    port.postMessage({ op: "exec", sql: "SELECT 1", id: HANDSHAKE_ID } satisfies WorkerRequest);
  });
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
