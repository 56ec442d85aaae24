"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { LoadErrorState, LoadingState } from "@/components/ui/load-states";
import { useTRPC } from "@/trpc/react";
import type { EditorDraft } from "./editor-draft";
import { DesignWorkspace, type PreviewExtras } from "./design-workspace";

/** Loads the design and the profile fresh (not from an older cache), then opens the editor. */
export function DesignEditor() {
  const trpc = useTRPC();
  const design = useQuery({ ...trpc.design.get.queryOptions(), refetchOnMount: "always" });
  const me = useQuery({ ...trpc.profile.me.queryOptions(), refetchOnMount: "always" });
  const profile = me.data?.profile ?? null;

  // A failed design load is only logged; the screen offers a retry.
  useEffect(() => {
    if (design.error) console.error("Failed to load design", design.error);
    if (me.error) console.error("Failed to load profile", me.error);
  }, [design.error, me.error]);

  const extras = useMemo<PreviewExtras>(() => ({ title: profile?.title ?? "", show_branding: profile?.show_branding ?? true }), [profile?.title, profile?.show_branding]);
  const ready = design.isSuccess && me.isSuccess && design.isFetchedAfterMount && me.isFetchedAfterMount;
  // The editor takes this starting point once (its state ignores later values), so refetches never reset edits.
  const initial: EditorDraft | null =
    ready && profile
      ? { design: design.data, profile: { slug: profile.slug, display_name: profile.display_name, bio: profile.bio, avatar_url: profile.avatar_url } }
      : null;

  if (design.isError || me.isError || (ready && !profile)) {
    return <LoadErrorState message="We couldn't load your design." onRetry={() => void Promise.all([design.refetch(), me.refetch()])} />;
  }
  if (!initial) return <LoadingState label="Loading design..." />;
  return <DesignWorkspace initial={initial} extras={extras} />;
}
