"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import toast from "react-hot-toast";
import { useTRPC } from "@/trpc/react";

/**
 * The current profile's links, with a 'Failed to load links' toast when loading fails. Read again on
 * mount, also after the server rendered them, so a list the browser cannot load says so.
 */
export function useLinks() {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.link.list.queryOptions(), refetchOnMount: "always" });
  useEffect(() => {
    if (query.isError) toast.error("Failed to load links", { id: "links-load-error" });
  }, [query.isError]);
  return query;
}

/** Reloads the list and the page preview after a change. */
export function useRefreshLinks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.link.list.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.profile.preview.queryKey() }),
      ]),
    [queryClient, trpc],
  );
}
