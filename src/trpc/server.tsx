import { dehydrate, HydrationBoundary, type FetchQueryOptions, type QueryKey } from "@tanstack/react-query";
import { TRPCError } from "@trpc/server";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { headers } from "next/headers";
import { cache, type ReactNode } from "react";
import { createContext } from "@/server/api/context";
import { appRouter } from "@/server/api/root";
import { log } from "@/server/logging/logger";
import { makeQueryClient } from "./query-client";

/** A refused input (an address's filter, say) is the browser's to report; only the server's own failures are logged. */
function logServerFailure(error: unknown): void {
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") return;
  log().warn({ err: error }, "A signed-in page's prefetch failed; the browser loads it instead");
}

/** One query client per server request, shared by the page's prefetches and its HydrateClient; no retries, the browser has its own. */
const serverQueryClient = cache(() => {
  const queryClient = makeQueryClient(logServerFailure);
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return queryClient;
});

/** One tRPC context per request: the same session check the /api/trpc route makes. */
const serverContext = cache(async () => createContext({ headers: await headers() }));

/**
 * tRPC's query options on the server, calling the router in process (no HTTP): `trpcServer.link.list.queryOptions()`
 * names the same cache entry the browser's `useTRPC()` does (docs/screens-speed.md#data-on-the-first-view).
 */
export const trpcServer = createTRPCOptionsProxy({ router: appRouter, ctx: serverContext, queryClient: serverQueryClient });

/** What the signed-in shell itself reads on every screen: the profile switcher's list. */
const shellQueries = () => [trpcServer.profile.list.queryOptions()];

/**
 * Loads a screen's first-view queries, and the shell's, on the server before it renders; a failed one is
 * left out and the browser loads it as before. Give the options exactly as the client component builds
 * them. Answers the time it began: data at least that recent was read for this render (see src/trpc/fresh.ts).
 */
export async function prefetch(...queries: { queryKey: QueryKey }[]): Promise<number> {
  const began = Date.now();
  const queryClient = serverQueryClient();
  // Each is one of trpcServer's query options; their data types differ, which one list cannot spell.
  await Promise.all([...shellQueries(), ...queries].map((options) => queryClient.prefetchQuery(options as FetchQueryOptions)));
  return began;
}

/** Hands what this request prefetched to the browser's query cache, so the client components render it on hydration. */
export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(serverQueryClient())}>{children}</HydrationBoundary>;
}
