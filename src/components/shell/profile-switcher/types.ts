import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

/** What the signed-in layout knows about the current profile when it renders the shell. */
export interface ShellProfile {
  slug: string;
  display_name: string;
  avatar_url?: string | null;
}

export type ListedProfile = inferRouterOutputs<AppRouter>["profile"]["list"][number];
