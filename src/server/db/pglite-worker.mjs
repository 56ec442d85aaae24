// @ts-check
// The embedded database's own thread: PGlite's WebAssembly runs here, never on the server's event loop.
// It answers pglite-proxy.ts's requests; PGlite's mutexes keep its one connection's work in order.
// Plain JavaScript that Node runs as written: a TypeScript loader in the thread would cost ~70 MB.
import fs from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import { parentPort, workerData } from "node:worker_threads";
import { messages, PGlite } from "@electric-sql/pglite";

/** @typedef {import("./pglite-messages").WorkerRequest} WorkerRequest */
/** @typedef {import("./pglite-messages").WorkerReply} WorkerReply */
/** @typedef {import("./pglite-messages").SerializedError} SerializedError */
/** @typedef {{ tx: import("@electric-sql/pglite").Transaction, queue: Promise<unknown>, end(commit: boolean): Promise<void> }} OpenTransaction */

const { dataDir, templateFile } = /** @type {{ dataDir: string, templateFile?: string }} */ (workerData);
// PostgreSQL's default 128 MB of shared buffers would sit in the process's memory from the start
// (measured: 468 MB idle against 354). 32 MB keeps Insights' rollup pages of a 100,000-event
// profile: with 16 MB, PGlite read them again from its files for every 90-day screen, 1.5–2.5 times slower.
// A template (a folder saved by dumpDataDir) skips initdb, which takes most of a new database's start.
const ready = PGlite.create(dataDir, {
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
  ...(templateFile ? { loadDataDir: new Blob([fs.readFileSync(templateFile)]) } : {}),
});
// Creating a database runs initdb in a WebAssembly instance of its own, whose ~400 MB stay allocated
// until a full collection, which a mostly idle thread may not reach for hours. It is collected in a
// task of its own: the frames of the one that created the database still hold the instance.
// A failure to open is reported to every request instead.
ready.then(() => setTimeout(collectGarbage, 0)).catch(() => undefined);
const ROLLED_BACK = new Error("rolled back");

function collectGarbage() {
  v8.setFlagsFromString("--expose-gc");
  /** @type {() => void} */ (vm.runInNewContext("gc"))();
}

// DatabaseError's own fields (PGlite adds `query`), which the Prisma adapter reads to build P2002 and the like.
const DATABASE_ERROR_FIELDS = [
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
  "query",
];

/** Structured clone keeps only an Error's message, so PostgreSQL's fields travel by hand. @returns {SerializedError} */
function serializeError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", stack: undefined };
  /** @type {SerializedError} */
  const serialized = { message: error.message, name: error.name, stack: error.stack };
  if (error instanceof messages.DatabaseError) {
    const source = /** @type {Record<string, string | undefined>} */ (/** @type {unknown} */ (error));
    const fields = Object.fromEntries(DATABASE_ERROR_FIELDS.map((field) => [field, source[field]]));
    serialized.database = { length: error.length, fields };
  }
  return serialized;
}

// Columns of these types come back as PostgreSQL's text; the main thread runs its own parsers on them.
const keepText = (/** @type {string} */ text) => text;
/** @type {Map<string, Record<number, typeof keepText>>} */
const rawParsers = new Map();
function parsersKeepingText(/** @type {number[]} */ types) {
  const key = types.join(",");
  let parsers = rawParsers.get(key);
  if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(types.map((type) => [type, keepText]))));
  return parsers;
}

/** Opens a transaction that stays open until its "end" request. @returns {Promise<number>} */
function begin(/** @type {PGlite} */ db, /** @type {Map<number, OpenTransaction>} */ transactions, /** @type {number} */ id) {
  return new Promise((opened, failed) => {
    const settled = db.transaction(
      (tx) =>
        new Promise((commit, rollBack) => {
          const end = (/** @type {boolean} */ shouldCommit) => {
            if (shouldCommit) commit(undefined);
            else rollBack(ROLLED_BACK);
            return settled.catch((error) => {
              if (error !== ROLLED_BACK) throw error;
            });
          };
          transactions.set(id, { tx, queue: Promise.resolve(), end });
          opened(id);
        }),
    );
    settled.catch(failed).finally(() => transactions.delete(id));
  });
}

/** A transaction's requests run one after another, in the order they were sent. @template T */
function inTransaction(
  /** @type {Map<number, OpenTransaction>} */ transactions,
  /** @type {number} */ id,
  /** @type {(open: OpenTransaction) => Promise<T>} */ work,
) {
  const open = transactions.get(id);
  if (!open) return Promise.reject(new Error("Transaction is closed"));
  const result = open.queue.then(() => work(open));
  open.queue = result.catch(() => undefined);
  return result;
}

/** @returns {Promise<unknown>} */
async function handle(/** @type {WorkerRequest} */ request, /** @type {Map<number, OpenTransaction>} */ transactions) {
  const db = await ready;
  switch (request.op) {
    case "query": {
      const options = { rowMode: request.rowMode, parsers: parsersKeepingText(request.rawTypes) };
      if (request.tx === undefined) return db.query(request.sql, request.params, options);
      return inTransaction(transactions, request.tx, ({ tx }) => tx.query(request.sql, request.params, options));
    }
    case "exec":
      if (request.tx === undefined) return db.exec(request.sql);
      return inTransaction(transactions, request.tx, ({ tx }) => tx.exec(request.sql));
    case "begin":
      return begin(db, transactions, request.id);
    case "rollback":
      return inTransaction(transactions, request.tx, ({ tx }) => tx.rollback());
    case "end":
      return inTransaction(transactions, request.tx, (open) => open.end(request.commit));
    case "close":
      return db.close();
  }
}

/**
 * Answers one client's requests: the owner's on the parent port, another thread's on a port the
 * owner attached. Each has its own transactions (ids are the client's own); a client that goes away
 * has its open ones rolled back.
 */
function serve(/** @type {import("node:worker_threads").MessagePort} */ port) {
  /** @type {Map<number, OpenTransaction>} */
  const transactions = new Map();
  port.on("message", (/** @type {WorkerRequest | { op: "attach", port: import("node:worker_threads").MessagePort }} */ request) => {
    if (request.op === "attach") {
      serve(request.port);
      return;
    }
    const reply = (/** @type {WorkerReply} */ message) => {
      try {
        port.postMessage(message);
      } catch (error) {
        port.postMessage({ id: request.id, ok: false, error: serializeError(error) });
      }
    };
    handle(request, transactions).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error) => reply({ id: request.id, ok: false, error: serializeError(error) }),
    );
  });
  port.on("close", () => {
    for (const open of transactions.values()) void open.end(false).catch(() => undefined);
  });
}

serve(/** @type {import("node:worker_threads").MessagePort} */ (parentPort));
