"use client";

import type { MouseEvent } from "react";
import { ProfilePreview } from "@/components/profile-page/profile-preview";
import { Button } from "@/components/ui/button";
import type { PublicProfileData } from "@/lib/public-profile";
import { pagePath } from "@/lib/share/page-path";

/** With no username yet the live page address uses 'preview'. */
export function livePreviewPath(slug: string): string {
  return pagePath(slug || "preview");
}

/** The preview shows the page, it is not the page: clicking its links goes nowhere. */
function keepInPreview(event: MouseEvent<HTMLDivElement>) {
  if (event.target instanceof Element && event.target.closest("a")) event.preventDefault();
}

/**
 * The phone (at most 320x640, scrolling inside) showing the page through the public page's own
 * renderer, with the editor's unsaved state, and 'Live Preview' opening the saved page in a new tab.
 */
export function DesignPreview({ profile, liveSlug }: { profile: PublicProfileData; liveSlug: string }) {
  const { design } = profile;
  return (
    <section aria-labelledby="design-preview-title" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="design-preview-title" className="text-lg font-semibold text-gray-900">
          Preview
        </h2>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={() => window.open(livePreviewPath(liveSlug), "_blank", "noopener,noreferrer")}
        >
          Live Preview <span aria-hidden>↗</span>
        </Button>
      </div>
      <figure
        aria-label="Preview of your page"
        className="mx-auto w-full max-w-[320px] rounded-[2.75rem] bg-gray-950 p-2.5 shadow-2xl shadow-gray-900/25"
      >
        <div className="relative h-[640px] max-h-[80vh] overflow-hidden rounded-[2.25rem] bg-white">
          <span aria-hidden className="absolute top-2.5 left-1/2 z-10 h-5 w-24 -translate-x-1/2 rounded-full bg-gray-950" />
          <div className="h-full overflow-y-auto overscroll-contain" onClickCapture={keepInPreview}>
            {/* A new key replays the load animation when it or its speed changes. */}
            <ProfilePreview key={`${design.animation_type}-${design.animation_speed}`} profile={profile} />
          </div>
        </div>
      </figure>
    </section>
  );
}
