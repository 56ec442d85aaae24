import { messages, type RowMode } from "@electric-sql/pglite";

/** What the main thread asks of the database worker; `tx` names an open transaction (the id of its "begin"). */
export type WorkerRequest = { id: number } & (
  | { op: "query"; sql: string; params: unknown[] | undefined; rowMode: RowMode | undefined; rawTypes: number[]; tx?: number }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin" }
  | { op: "rollback"; tx: number }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" }
);

export type WorkerReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: SerializedError });

/** An error as it crosses threads (pglite-worker.mjs builds it): structured clone keeps only an Error's message. */
export interface SerializedError {
  message: string;
  name: string;
  stack: string | undefined;
  /** Set for PostgreSQL's errors, with their fields (code, detail, constraint, ...). */
  database?: { length: number; fields: Record<string, string | undefined> };
}

/** Rebuilds the worker's error on the main thread; PostgreSQL's errors become PGlite's DatabaseError again. */
export function reviveError(serialized: SerializedError): Error {
  if (serialized.database) {
    const error = new messages.DatabaseError(serialized.message, serialized.database.length, serialized.name as messages.MessageName);
    return Object.assign(error, serialized.database.fields);
  }
  const error = new Error(serialized.message);
  error.name = serialized.name;
  if (serialized.stack) error.stack = `${error.stack}\n  in the database worker: ${serialized.stack}`;
  return error;
}
