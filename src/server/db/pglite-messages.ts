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

/** An error as it crosses threads: structured clone keeps only an Error's message, so fields travel by hand. */
export interface SerializedError {
  message: string;
  name: string;
  stack: string | undefined;
  /** Set for PostgreSQL's errors, with their fields (code, detail, constraint, ...). */
  database?: { length: number; fields: Record<string, string | undefined> };
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
] as const;

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: "Error", stack: undefined };
  const serialized: SerializedError = { message: error.message, name: error.name, stack: error.stack };
  if (error instanceof messages.DatabaseError) {
    const source = error as unknown as Record<string, string | undefined>;
    const fields = Object.fromEntries(DATABASE_ERROR_FIELDS.map((field) => [field, source[field]]));
    serialized.database = { length: error.length, fields };
  }
  return serialized;
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
