import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { MAX_TRPC_BATCH } from "@/lib/trpc-batch";
import { createContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { log } from "@/server/logging/logger";

export const dynamic = "force-dynamic";

function handler(request: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    maxBatchSize: MAX_TRPC_BATCH,
    createContext: () => createContext({ headers: request.headers }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") log().error({ err: error.cause ?? error }, `tRPC ${path ?? "?"} failed`);
    },
  });
}

export { handler as GET, handler as POST };
