import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import type { ProcedureMeta } from "@/lib/openapi/operations";
import { z } from "zod";
import { hasPrototypeKey, NUL_BYTE_MESSAGE, nulBytePath } from "@/lib/hostile-input";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/server/db/unavailable";
import { scopesCover } from "@/lib/schemas/api-token";
import { assertRecentProof } from "@/server/services/auth/sudo";
import { insufficientScope, notAuthenticated, ServiceError } from "@/server/services/errors";
import type { Context } from "./context";
import { fieldErrorsOf, toTRPCError, transportableFields } from "./errors";

/**
 * superjson, except that an input holding a "__proto__" key is refused before superjson reads it:
 * superjson would make that key the object's prototype, hiding its fields from the strict schemas.
 */
const transformer = {
  input: {
    serialize: (value: unknown) => superjson.serialize(value),
    deserialize: (value: unknown) => {
      if (hasPrototypeKey(value)) throw new TRPCError({ code: "BAD_REQUEST", message: "Unknown field: __proto__" });
      return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
    },
  },
  output: superjson,
};

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    errorFormatter({ shape, error }) {
      const cause = error.cause instanceof ServiceError ? error.cause : undefined;
      return {
        ...shape,
        data: {
          ...shape.data,
          stack: undefined,
          fieldErrors: transportableFields(fieldErrorsOf(error.cause)),
          retryAfterSeconds: error.code === "SERVICE_UNAVAILABLE" ? DATABASE_RETRY_AFTER_SECONDS : cause?.details.retryAfterSeconds,
          // The web app answers this with its "Confirm it's you" prompt, then sends the change again.
          reauthenticate: cause?.details.reason === "REAUTHENTICATE" || undefined,
        },
      };
    },
  });

/**
 * Services speak ServiceError and inputs fail as ZodError; this maps both once, for every
 * procedure, to the matching code with a readable message (the first problem found).
 */
const readableErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const { cause } = result.error;
  if (cause instanceof ServiceError) return { ...result, error: toTRPCError(cause) };
  if (cause instanceof z.ZodError) {
    const message = cause.issues[0]?.message ?? "Invalid input";
    return { ...result, error: new TRPCError({ code: "BAD_REQUEST", message, cause }) };
  }
  if (isDatabaseUnavailable(cause)) {
    return { ...result, error: new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE, cause }) };
  }
  return result;
});

/** Every procedure, over HTTP or through the REST adapter's caller, refuses NUL characters before any rule runs. */
const refuseNulBytes = t.middleware(async ({ getRawInput, next }) => {
  const field = nulBytePath(await getRawInput());
  if (field === null) return next();
  throw toTRPCError(new ServiceError("BAD_REQUEST", NUL_BYTE_MESSAGE, { fields: { [field || "detail"]: [NUL_BYTE_MESSAGE] } }));
});

/** An API token reaches only the calls its scopes cover; a call that declares no scope is the account's own. */
const tokenScopes = t.middleware(({ ctx, meta, next }) => {
  const token = ctx.apiToken;
  if (!token) return next();
  const required = meta?.rest?.scope;
  if (required && scopesCover(token.scopes, required)) return next();
  throw toTRPCError(insufficientScope());
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(readableErrors).use(refuseNulBytes).use(tokenScopes);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.userId) {
    throw toTRPCError(notAuthenticated());
  }
  return next({ ctx: { ...ctx, userId: ctx.userId } });
});

/**
 * Sudo mode for a sensitive change: put it after `.input()` (`.input(x).use(requireRecentProof)`). A
 * `current_password` in the input is checked, else the session must have proven who it is lately.
 */
export const requireRecentProof = t.middleware(async ({ ctx, input, next }) => {
  await checkRecentProof(ctx, input);
  return next();
});

async function checkRecentProof(ctx: Context, input: unknown): Promise<void> {
  if (!ctx.userId) throw toTRPCError(notAuthenticated());
  const currentPassword = (input as { current_password?: unknown } | undefined)?.current_password;
  try {
    await assertRecentProof(
      ctx.db,
      { userId: ctx.userId, sessionId: ctx.sessionId, clientIp: ctx.clientIp },
      typeof currentPassword === "string" ? currentPassword : undefined,
    );
  } catch (error) {
    throw error instanceof ServiceError ? toTRPCError(error) : error;
  }
}

/**
 * Sudo mode for a session's change that an API token holding the call's scope may make as it is: the
 * token's creation was itself the sensitive change (docs/api.md#webhooks).
 */
export const requireRecentProofFromSessions = t.middleware(async ({ ctx, input, next }) => {
  if (!ctx.apiToken) await checkRecentProof(ctx, input);
  return next();
});
