"use client";

import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { useState } from "react";
import { AddLinkForm } from "./add-link-form";
import { DeleteLinkDialog } from "./delete-link-dialog";
import { LazyLinkModal } from "./lazy-link-modal";
import { LinksEmpty } from "./links-empty";
import { LinksLoadError } from "./links-load-error";
import { LinksSkeleton } from "./links-skeleton";
import { ManagerHeader } from "./manager-header";
import { ReorderableLinkList } from "./reorderable-link-list";
import type { LinkItem } from "./types";
import { useLinks } from "./use-links";

/** The simple links manager (/links): header, quick add, and a sortable list; each row opens the full link editor too. */
export function LinksManager() {
  const links = useLinks();
  const [deleting, setDeleting] = useState<LinkItem | null>(null);
  const [editing, setEditing] = useState<LinkItem | null>(null);

  return (
    <HydrateInSlices>
      <div className="mx-auto max-w-3xl">
        <ManagerHeader />
        <AddLinkForm />
        {links.isPending ? (
          <LinksSkeleton />
        ) : links.isError ? (
          <LinksLoadError onRetry={() => void links.refetch()} />
        ) : links.data.length === 0 ? (
          <LinksEmpty title="No links yet" hint="Add your first link to get started" />
        ) : (
          <>
            <p className="mb-3 text-sm text-gray-500">Drag the handle to reorder (or focus it and press Space, then the arrow keys).</p>
            <ReorderableLinkList links={links.data} onDelete={setDeleting} onOpenSettings={setEditing} />
          </>
        )}
        <DeleteLinkDialog link={deleting} onClose={() => setDeleting(null)} />
        <LazyLinkModal open={editing !== null} link={editing} onClose={() => setEditing(null)} />
      </div>
    </HydrateInSlices>
  );
}
