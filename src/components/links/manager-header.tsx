"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { SharePanel } from "@/components/share/share-panel";
import { Button, buttonClass } from "@/components/ui/button";
import { pagePath } from "@/lib/share/page-path";
import { useTRPC } from "@/trpc/react";
import { copyAddress, usePageAddress } from "./page-address";
import { ProfileBadge } from "./profile-badge";

/** Avatar, display name and page address, with Design, Share and Copy Link. */
export function ManagerHeader() {
  const trpc = useTRPC();
  const profile = useQuery(trpc.profile.current.queryOptions()).data;
  const address = usePageAddress(profile?.slug);
  const [sharing, setSharing] = useState(false);

  return (
    <header className="mb-6 flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-xs sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {profile ? <ProfileBadge profile={profile} /> : <span className="h-12 w-12 shrink-0 animate-pulse rounded-full bg-gray-200" />}
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold tracking-tight text-gray-900">
            {profile ? profile.display_name || `@${profile.slug}` : "Links"}
          </h1>
          {address ? (
            <a href={address} target="_blank" rel="noopener noreferrer" className="block truncate text-sm text-brand-600 hover:underline">
              {address}
            </a>
          ) : (
            <p className="h-5 text-sm text-gray-400">{profile ? pagePath(profile.slug) : ""}</p>
          )}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Link href="/import" className={buttonClass("secondary", "px-2 whitespace-nowrap sm:px-4")}>
          Import
        </Link>
        <Link href="/design" className={buttonClass("secondary", "px-2 whitespace-nowrap sm:px-4")}>
          Design
        </Link>
        <Button
          variant="secondary"
          className="px-2 whitespace-nowrap sm:px-4"
          onClick={() => setSharing(true)}
          disabled={!address}
          aria-haspopup="dialog"
        >
          Share
        </Button>
        <Button className="px-2 whitespace-nowrap sm:px-4" onClick={() => void copyAddress(address)} disabled={!address}>
          Copy Link
        </Button>
      </div>
      <SharePanel open={sharing} onClose={() => setSharing(false)} />
    </header>
  );
}
