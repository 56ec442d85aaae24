import { DEFAULT_BODY_LIMIT, type ProcedureMeta } from "@/lib/openapi/operations";
import { appRouter } from "./root";

// At run time the record is flat, keyed by dotted path ("design.save"), whatever its declared type.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;

/** The most bytes a tRPC batch naming these procedures may send: the default plus each one's declared upload room. */
export function trpcBodyLimit(procedureNames: Iterable<string>): number {
  let limit = DEFAULT_BODY_LIMIT;
  for (const name of new Set(procedureNames)) {
    if (Object.hasOwn(procedures, name)) limit += procedures[name]!._def.meta?.uploadRoom ?? 0;
  }
  return limit;
}
