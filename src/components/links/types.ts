import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

/** One link as `link.list` returns it. */
export type LinkItem = inferRouterOutputs<AppRouter>["link"]["list"][number];
