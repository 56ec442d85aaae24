"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { useTRPC } from "@/trpc/react";
import { refusalMessage } from "./refusal-message";
import type { ListedProfile } from "./types";

/** The page reloads this long after a successful switch. */
export const SWITCH_RELOAD_DELAY_MS = 500;

/** The account's profiles and what the switcher does with them: switch, delete (after its dialog), reload after either. */
export function useProfileActions({
  onSwitched,
  onDeletedOther,
  onDeletionAsked,
}: {
  onSwitched: () => void;
  onDeletedOther: () => void;
  onDeletionAsked: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.profile.list.queryKey();
  const list = useQuery(trpc.profile.list.queryOptions());
  const switchProfile = useMutation(trpc.profile.switch.mutationOptions());
  const deleteProfile = useMutation(trpc.profile.delete.mutationOptions());
  const [reloading, setReloading] = useState(false);
  // The profile whose deletion dialog is open.
  const [deletionAsked, setDeletionAsked] = useState<ListedProfile | null>(null);
  const profiles = list.data;
  const busy = switchProfile.isPending || deleteProfile.isPending || reloading;

  useEffect(() => {
    if (list.isError) toast.error("Failed to load profiles", { id: "profiles-load-failed" });
  }, [list.isError, list.errorUpdatedAt]);

  function reloadSoon() {
    setReloading(true);
    window.setTimeout(() => window.location.reload(), SWITCH_RELOAD_DELAY_MS);
  }

  function choose(target: ListedProfile) {
    if (busy || target.is_primary) return;
    switchProfile.mutate(
      { id: target.id },
      {
        onSuccess: () => {
          queryClient.setQueryData(listKey, (old) => old?.map((item) => ({ ...item, is_primary: item.id === target.id })));
          toast.success("Profile switched successfully");
          onSwitched();
          reloadSoon();
        },
        onError: () => {
          toast.error("Failed to switch profile");
        },
      },
    );
  }

  function remove(target: ListedProfile) {
    if (busy) return;
    if ((profiles?.length ?? 0) <= 1) {
      toast.error("Cannot delete your only profile");
      return;
    }
    setDeletionAsked(target);
    onDeletionAsked();
  }

  function confirmRemove() {
    const target = deletionAsked;
    if (!target || deleteProfile.isPending) return;
    deleteProfile.mutate(
      { id: target.id },
      {
        onSettled: () => setDeletionAsked(null),
        onSuccess: ({ wasCurrent }) => {
          toast.success("Profile deleted successfully");
          if (wasCurrent) {
            reloadSoon();
            return;
          }
          queryClient.setQueryData(listKey, (old) => old?.filter((item) => item.id !== target.id));
          void queryClient.invalidateQueries({ queryKey: listKey });
          onDeletedOther();
        },
        onError: (error) => {
          toast.error(refusalMessage(error) ?? "Failed to delete profile");
        },
      },
    );
  }

  return {
    list,
    profiles,
    busy,
    reloading,
    switchingId: switchProfile.isPending ? switchProfile.variables?.id : undefined,
    deletingId: deleteProfile.isPending ? deleteProfile.variables?.id : undefined,
    choose,
    remove,
    deletionAsked,
    confirmRemove,
    cancelRemove: () => {
      if (!deleteProfile.isPending) setDeletionAsked(null);
    },
    reloadSoon,
    refreshList: () => void queryClient.invalidateQueries({ queryKey: listKey }),
  };
}
