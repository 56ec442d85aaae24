import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { ServiceError } from "@/server/services/errors";

/** A map from field names to messages; without a prototype, "__proto__" or "constructor" is just a name. */
export function fieldMap(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

/** Field messages of an invalid input, keyed by field name, in the order zod found them. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> | undefined {
  if (error instanceof z.ZodError) {
    const fields = fieldMap();
    for (const issue of error.issues) {
      const key = issue.code === "unrecognized_keys" ? issue.keys.join(",") : issue.path.join(".") || "detail";
      const message = issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : issue.message;
      (fields[key] ??= []).push(message);
    }
    return fields;
  }
  if (error instanceof ServiceError) return error.details.fields;
  return undefined;
}

// superjson refuses to serialise these names ("prototype pollution risk"); the message still names the field.
const UNSERIALISABLE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Field messages as the tRPC answer can carry them (a plain object without names superjson refuses). */
export function transportableFields(fields: Record<string, string[]> | undefined): Record<string, string[]> | undefined {
  return fields && Object.fromEntries(Object.entries(fields).filter(([key]) => !UNSERIALISABLE_KEYS.has(key)));
}

export function toTRPCError(error: ServiceError): TRPCError {
  return new TRPCError({ code: error.code, message: error.message, cause: error });
}
