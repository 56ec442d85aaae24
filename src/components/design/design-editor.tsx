"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useTRPC } from "@/trpc/react";
import type { EditorDraft } from "./editor-draft";
import { DesignWorkspace, type PreviewExtras } from "./design-workspace";

/** Loads the design and the profile fresh (not from an older cache), then opens the editor. */
export function DesignEditor() {
  const trpc = useTRPC();
  const design = useQuery({ ...trpc.design.get.queryOptions(), refetchOnMount: "always" });
  const me = useQuery({ ...trpc.profile.me.queryOptions(), refetchOnMount: "always" });
  const profile = me.data?.profile ?? null;

  // Spec section 8: a failed design load is only logged; the screen offers a retry.
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
    return (
      <div className="mx-auto grid max-w-md justify-items-center gap-4 py-24 text-center">
        <p className="text-gray-700">We couldn&apos;t load your design.</p>
        <Button variant="secondary" onClick={() => void Promise.all([design.refetch(), me.refetch()])}>
          Try again
        </Button>
      </div>
    );
  }
  if (!initial) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 py-32 text-sm text-gray-500">
        <Spinner />
        Loading design...
      </div>
    );
  }
  return <DesignWorkspace initial={initial} extras={extras} />;
}
