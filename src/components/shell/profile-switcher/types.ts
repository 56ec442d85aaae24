import type { inferRouterOutputs } from "@trpc/server";
import type { ProfileDto } from "@/lib/schemas/profile";
import type { AppRouter } from "@/server/api/root";

/** What the signed-in layout knows about the current profile when it renders the shell. */
export type ShellProfile = Pick<ProfileDto, "slug" | "display_name" | "avatar_url">;

export type ListedProfile = inferRouterOutputs<AppRouter>["profile"]["list"][number];
