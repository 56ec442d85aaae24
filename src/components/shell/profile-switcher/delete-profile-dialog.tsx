"use client";

import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useTRPC } from "@/trpc/react";
import type { ListedProfile } from "./types";

/** Worded exactly (docs/product/accounts.md#delete-profile). */
export const DELETE_PROFILE_QUESTION = "Are you sure you want to delete this profile?";

/** The app's own confirmation of a profile's deletion, saying what goes with it: its links, analytics and custom domain. */
export function DeleteProfileDialog({
  profile,
  deleting,
  onConfirm,
  onCancel,
}: {
  profile: ListedProfile | null;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const summary = useQuery({ ...trpc.profile.deletionSummary.queryOptions({ id: profile?.id ?? "" }), enabled: profile !== null });
  const links = summary.data?.links ?? 0;
  return (
    <Modal
      open={profile !== null}
      onClose={onCancel}
      dismissible={!deleting}
      title={DELETE_PROFILE_QUESTION}
      description={profile ? `@${profile.slug}` : undefined}
    >
      <div className="grid gap-4">
        {summary.isPending ? (
          <p className="text-sm text-gray-500">Checking what goes with it...</p>
        ) : (
          <div className="text-sm text-gray-700">
            <p>These go with it, for good:</p>
            <ul aria-label="Deleted with the profile" className="mt-2 list-disc space-y-1 pl-5">
              <li>{links === 1 ? "Its 1 link" : `Its ${links} links`}</li>
              <li>Its analytics: every view and click it has counted</li>
              {summary.data?.custom_domain && <li>Its custom domain {summary.data.custom_domain}, which stops showing the page</li>}
            </ul>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <Button variant="danger" disabled={deleting || summary.isPending} onClick={onConfirm}>
            {deleting ? "Deleting..." : "Delete profile"}
          </Button>
          <Button variant="secondary" disabled={deleting} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    </Modal>
  );
}
