"use client";

import { useQuery } from "@tanstack/react-query";
import { PhoneFrame } from "@/components/ui/phone-frame";
import { PublicPageLink } from "@/components/ui/public-page-link";
import { ProfilePreview } from "@/components/profile-page/profile-preview";
import { useTRPC } from "@/trpc/react";

/** The dashboard preview shows up to five active links. */
export const PREVIEW_LINK_LIMIT = 5;

/** The side 'Preview' phone: the page as visitors see it, first five active links only, and says so when there are more. */
export function LinksPreview() {
  const trpc = useTRPC();
  const preview = useQuery(trpc.profile.preview.queryOptions());
  const profile = preview.data;

  return (
    <section aria-labelledby="links-preview-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="links-preview-title" className="text-lg font-semibold text-gray-900">
          Preview
        </h2>
        {profile && (
          <PublicPageLink slug={profile.slug} className="text-sm font-semibold text-brand-600 hover:underline">
            View your page ↗
          </PublicPageLink>
        )}
      </div>
      <PhoneFrame label="Preview of your page">
        {!profile ? (
          <div className="flex h-full items-center justify-center text-sm text-gray-400">
            {preview.isError ? "Preview unavailable" : "Loading preview..."}
          </div>
        ) : profile.links.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 px-8 text-center">
            <span aria-hidden className="h-16 w-16 rounded-full bg-gray-100" />
            <p className="text-sm text-gray-500">Your active links will appear here</p>
          </div>
        ) : (
          <ProfilePreview profile={{ ...profile, links: profile.links.slice(0, PREVIEW_LINK_LIMIT) }} />
        )}
      </PhoneFrame>
      {profile && profile.links.length > PREVIEW_LINK_LIMIT && (
        <p data-testid="preview-limit-note" className="text-center text-sm text-gray-600">
          Showing {PREVIEW_LINK_LIMIT} of {profile.links.length} links ·{" "}
          <PublicPageLink slug={profile.slug} className="font-semibold text-brand-600 hover:underline">
            View your page
          </PublicPageLink>
        </p>
      )}
    </section>
  );
}
