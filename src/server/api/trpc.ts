import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z } from "zod";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@/server/db/unavailable";
import { ServiceError } from "@/server/services/errors";
import type { Context } from "./context";
import { fieldErrorsOf, toTRPCError } from "./errors";

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause instanceof ServiceError ? error.cause : undefined;
    return {
      ...shape,
      data: {
        ...shape.data,
        stack: undefined,
        fieldErrors: fieldErrorsOf(error.cause),
        retryAfterSeconds: error.code === "SERVICE_UNAVAILABLE" ? DATABASE_RETRY_AFTER_SECONDS : cause?.details.retryAfterSeconds,
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

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(readableErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.userId) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Authentication credentials were not provided." });
  }
  return next({ ctx: { ...ctx, userId: ctx.userId } });
});
