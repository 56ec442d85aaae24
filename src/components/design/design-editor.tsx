"use client";

import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { LoadErrorState, LoadingState } from "@/components/ui/load-states";
import { readForThisView } from "@/trpc/fresh";
import { useTRPC } from "@/trpc/react";
import type { EditorDraft } from "./editor-draft";
import { DesignWorkspace, type PreviewExtras } from "./design-workspace";

/**
 * Loads the design, the profile and its shown links fresh (not from an older cache), then opens the editor;
 * `fetchedSince` is when the page's server render began, whose prefetched data counts as fresh.
 */
export function DesignEditor({ fetchedSince }: { fetchedSince: number }) {
  const trpc = useTRPC();
  const design = useQuery({ ...trpc.design.get.queryOptions(), refetchOnMount: "always" });
  const me = useQuery({ ...trpc.profile.me.queryOptions(), refetchOnMount: "always" });
  // The page as visitors see it: its links are the ones the preview shows.
  const page = useQuery({ ...trpc.profile.preview.queryOptions(), refetchOnMount: "always" });
  const profile = me.data?.profile ?? null;

  // A failed design load is only logged; the screen offers a retry.
  useEffect(() => {
    if (design.error) console.error("Failed to load design", design.error);
    if (me.error) console.error("Failed to load profile", me.error);
    if (page.error) console.error("Failed to load links for the preview", page.error);
  }, [design.error, me.error, page.error]);

  const links = page.data?.links;
  const extras = useMemo<PreviewExtras>(
    () => ({ title: profile?.title ?? "", show_branding: profile?.show_branding ?? true, links: links ?? [] }),
    [profile?.title, profile?.show_branding, links],
  );
  // Without its links the preview falls back to the samples, so a failed links load does not block editing.
  const linksSettled = page.isError || (page.isSuccess && readForThisView(page, fetchedSince));
  const ready =
    design.isSuccess && me.isSuccess && readForThisView(design, fetchedSince) && readForThisView(me, fetchedSince) && linksSettled;
  // The editor takes this starting point once (its state ignores later values), so refetches never reset edits.
  const initial: EditorDraft | null =
    ready && profile
      ? {
          design: design.data,
          profile: { slug: profile.slug, display_name: profile.display_name, bio: profile.bio, avatar_url: profile.avatar_url },
        }
      : null;

  if (design.isError || me.isError || (ready && !profile)) {
    return <LoadErrorState message="We couldn't load your design." onRetry={() => void Promise.all([design.refetch(), me.refetch()])} />;
  }
  if (!initial) return <LoadingState label="Loading design..." />;
  return (
    <HydrateInSlices>
      <DesignWorkspace initial={initial} extras={extras} />
    </HydrateInSlices>
  );
}
