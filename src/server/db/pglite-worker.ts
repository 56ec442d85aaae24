// The embedded database's own thread: PGlite's WebAssembly runs here, never on the server's event loop.
// It answers pglite-proxy.ts's requests; PGlite's mutexes keep its one connection's work in order.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { serializeError, type WorkerReply, type WorkerRequest } from "./pglite-messages";

interface OpenTransaction {
  tx: Transaction;
  /** The transaction's requests run one after another, in the order they were sent. */
  queue: Promise<unknown>;
  end(commit: boolean): Promise<void>;
}

const { dataDir } = workerData as { dataDir: string };
// PostgreSQL's default 128 MB of shared buffers would sit in the process's memory for tables that
// fit in a fraction of it; the files stay in the operating system's cache all the same.
const ready = PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] });
ready.catch(() => undefined); // every request reports the failure
const transactions = new Map<number, OpenTransaction>();
const ROLLED_BACK = new Error("rolled back");

// Columns of these types come back as PostgreSQL's text; the main thread runs its own parsers on them.
const keepText = (text: string) => text;
const rawParsers = new Map<string, Record<number, typeof keepText>>();
function parsersKeepingText(types: number[]): Record<number, typeof keepText> {
  const key = types.join(",");
  let parsers = rawParsers.get(key);
  if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(types.map((type) => [type, keepText]))));
  return parsers;
}

function begin(db: PGlite, id: number): Promise<number> {
  return new Promise((opened, failed) => {
    const settled = db.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          const end = (shouldCommit: boolean) => {
            if (shouldCommit) commit();
            else rollBack(ROLLED_BACK);
            return settled.catch((error: unknown) => {
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

function inTransaction<T>(id: number, work: (open: OpenTransaction) => Promise<T>): Promise<T> {
  const open = transactions.get(id);
  if (!open) return Promise.reject(new Error("Transaction is closed"));
  const result = open.queue.then(() => work(open));
  open.queue = result.catch(() => undefined);
  return result;
}

async function handle(request: WorkerRequest): Promise<unknown> {
  const db = await ready;
  switch (request.op) {
    case "query": {
      const options = { rowMode: request.rowMode, parsers: parsersKeepingText(request.rawTypes) };
      if (request.tx === undefined) return db.query(request.sql, request.params, options);
      return inTransaction(request.tx, ({ tx }) => tx.query(request.sql, request.params, options));
    }
    case "exec":
      if (request.tx === undefined) return db.exec(request.sql);
      return inTransaction(request.tx, ({ tx }) => tx.exec(request.sql));
    case "begin":
      return begin(db, request.id);
    case "rollback":
      return inTransaction(request.tx, ({ tx }) => tx.rollback());
    case "end":
      return inTransaction(request.tx, (open) => open.end(request.commit));
    case "close":
      return db.close();
  }
}

const port = parentPort!;
port.on("message", (request: WorkerRequest) => {
  const reply = (message: WorkerReply) => {
    try {
      port.postMessage(message);
    } catch (error) {
      port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies WorkerReply);
    }
  };
  handle(request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) => reply({ id: request.id, ok: false, error: serializeError(error) }),
  );
});
