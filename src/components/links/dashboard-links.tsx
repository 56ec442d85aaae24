"use client";

import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import toast from "react-hot-toast";
import Link from "next/link";
import { AddressNotice } from "@/components/share/address-notice";
import { Button, buttonClass } from "@/components/ui/button";
import { SharePanel } from "@/components/share/share-panel";
import { VerifyEmailBanner } from "@/components/shell/verify-email-banner";
import { PageHeader } from "@/components/ui/page-header";
import { useTRPC } from "@/trpc/react";
import { DeleteLinkDialog } from "./delete-link-dialog";
import { LazyLinkModal } from "./lazy-link-modal";
import { LinkRow } from "./link-row";
import { LinksEmpty } from "./links-empty";
import { LinksLoadError } from "./links-load-error";
import { LinksPreview } from "./links-preview";
import { LinksSearch } from "./links-search";
import { LinksSkeleton } from "./links-skeleton";
import type { LinkItem } from "./types";
import { useLinks, useRefreshLinks } from "./use-links";

type ModalState = { open: false } | { open: true; link: LinkItem | null };

function matchesSearch(link: Pick<LinkItem, "title" | "url">, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return !needle || link.title.toLowerCase().includes(needle) || link.url.toLowerCase().includes(needle);
}

/** The dashboard 'Links' screen: searchable list, link modal and the side preview. */
export function DashboardLinks() {
  const trpc = useTRPC();
  const links = useLinks();
  const refresh = useRefreshLinks();
  const [search, setSearch] = useState("");
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [deleting, setDeleting] = useState<LinkItem | null>(null);
  const [sharing, setSharing] = useState(false);
  const duplicate = useMutation(
    trpc.link.duplicate.mutationOptions({
      onSuccess: async () => {
        toast.success("Link duplicated");
        await refresh();
      },
      onError: () => toast.error("Failed to duplicate link"),
    }),
  );
  const reorder = useMutation(
    trpc.link.reorder.mutationOptions({
      scope: { id: "link-reorder" },
      onSuccess: () => toast.success("Link moved"),
      onError: () => toast.error("Failed to update links order"),
      onSettled: () => refresh(),
    }),
  );
  // The dashboard has no drag handles: Move up and Move down reach a link's position from here too.
  function move(link: LinkItem, by: -1 | 1) {
    const order = (links.data ?? []).map((item) => item.id);
    const from = order.indexOf(link.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to]!, order[from]!];
    reorder.mutate({ link_ids: order });
  }
  const visible = useMemo(() => (links.data ?? []).filter((link) => matchesSearch(link, search)), [links.data, search]);
  const addButton = (
    <Button onClick={() => setModal({ open: true, link: null })}>
      <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
        <path d="M12 5v14M5 12h14" />
      </svg>
      Add Link
    </Button>
  );

  return (
    <HydrateInSlices>
      <>
        <PageHeader
          title="Links"
          description="Everything on your page, in one list."
          actions={
            <div className="flex flex-wrap gap-2">
              <Link href="/import" className={buttonClass("secondary")}>
                Import
              </Link>
              <Button variant="secondary" onClick={() => setSharing(true)} aria-haspopup="dialog">
                Share
              </Button>
              {addButton}
            </div>
          }
        />
        {/* Below the title bar, so its appearance never moves the page's actions under a toast. */}
        <VerifyEmailBanner />
        <AddressNotice className="mb-6" />
        <div className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,1fr)_320px]">
          <section aria-label="Your links" className="grid min-w-0 grid-cols-1 content-start gap-4">
            <LinksSearch value={search} onChange={setSearch} />
            {links.isPending ? (
              <LinksSkeleton />
            ) : links.isError ? (
              <LinksLoadError onRetry={() => void links.refetch()} />
            ) : visible.length === 0 ? (
              <LinksEmpty
                title="No links found"
                hint={links.data.length > 0 ? "Try adjusting your search" : "Add your first link to get started"}
                action={links.data.length > 0 ? undefined : addButton}
              />
            ) : (
              <ul className="grid grid-cols-1 gap-3">
                {visible.map((link) => (
                  <LinkRow
                    key={link.id}
                    link={link}
                    onEdit={() => setModal({ open: true, link })}
                    onDuplicate={() => duplicate.mutate({ id: link.id })}
                    onDelete={() => setDeleting(link)}
                    onMoveUp={link.id === links.data[0]?.id ? undefined : () => move(link, -1)}
                    onMoveDown={link.id === links.data.at(-1)?.id ? undefined : () => move(link, 1)}
                  />
                ))}
              </ul>
            )}
          </section>
          <aside className="xl:sticky xl:top-8 xl:self-start">
            <LinksPreview />
          </aside>
        </div>
        <LazyLinkModal open={modal.open} link={modal.open ? modal.link : null} onClose={() => setModal({ open: false })} />
        <DeleteLinkDialog link={deleting} onClose={() => setDeleting(null)} />
        <SharePanel open={sharing} onClose={() => setSharing(false)} />
      </>
    </HydrateInSlices>
  );
}
