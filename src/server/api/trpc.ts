import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
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
        retryAfterSeconds: cause?.details.retryAfterSeconds,
      },
    };
  },
});

/** Services speak ServiceError; this turns it into the matching tRPC code once, for every procedure. */
const serviceErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ServiceError) {
    return { ...result, error: toTRPCError(result.error.cause) };
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(serviceErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.userId) {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Authentication credentials were not provided." });
  }
  return next({ ctx: { ...ctx, userId: ctx.userId } });
});
