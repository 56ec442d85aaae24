"use client";

import { useQuery } from "@tanstack/react-query";
import { slugSchema } from "@/lib/schemas/profile";
import { useTRPC } from "@/trpc/react";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";

const CHECK_DELAY_MS = 400;

export type SlugAvailability = "idle" | "checking" | "available" | "taken" | "reserved";

/** Asks the server about a username once typing pauses; only well-formed names are asked about. */
export function useSlugAvailability(slug: string): SlugAvailability {
  const trpc = useTRPC();
  const debounced = useDebouncedValue(slug, CHECK_DELAY_MS);
  const wellFormed = slugSchema.safeParse(debounced).success;
  const check = useQuery({ ...trpc.profile.checkSlug.queryOptions({ slug: debounced }), enabled: wellFormed, staleTime: 0 });

  if (!slugSchema.safeParse(slug).success) return "idle";
  if (debounced !== slug || check.isFetching) return "checking";
  if (!check.data) return "idle";
  if (check.data.available) return "available";
  return check.data.reason === "reserved" ? "reserved" : "taken";
}
