import { defaultShouldDehydrateQuery, MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import superjson from "superjson";

const FIVE_MINUTES = 5 * 60_000;

export function isUnauthorized(error: unknown): boolean {
  return (error as { data?: { code?: string } } | null)?.data?.code === "UNAUTHORIZED";
}

/**
 * Fresh 5 minutes, kept 10, one retry on queries, none on mutations, no focus refetch. Data a server
 * page prefetched (src/trpc/server.tsx) travels to the browser as superjson, so dates stay dates.
 */
export function makeQueryClient(onError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: 2 * FIVE_MINUTES,
        retry: (failures, error) => !isUnauthorized(error) && failures < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
      dehydrate: { serializeData: superjson.serialize, shouldDehydrateQuery: defaultShouldDehydrateQuery },
      hydrate: { deserializeData: superjson.deserialize },
    },
  });
}
