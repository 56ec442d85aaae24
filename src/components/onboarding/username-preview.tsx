"use client";

import { useQuery } from "@tanstack/react-query";
import { SiteHost } from "@/components/marketing/site-host";
import { useTRPC } from "@/trpc/react";
import { draftProfile } from "./draft-profile";
import { ProfilePhone } from "./profile-phone";

/** The live phone next to the username input: the current page when there is one, else a draft. */
export function UsernamePreview({ slug, hasProfile }: { slug: string; hasProfile: boolean }) {
  const trpc = useTRPC();
  const current = useQuery({ ...trpc.profile.preview.queryOptions(), enabled: hasProfile });
  const shown = slug || "username";
  // Before the first save the page has no name yet, so its heading is the @username being typed.
  const profile = current.data ? { ...current.data, slug: shown } : draftProfile({ slug: shown });
  return (
    <div>
      <ProfilePhone profile={profile} label="Live preview of your page" />
      <p className="mt-4 truncate text-center text-sm text-gray-600">
        <SiteHost />
        <span className="font-semibold text-gray-900">{shown}</span>
      </p>
    </div>
  );
}
