"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import toast from "react-hot-toast";
import { Button, buttonClass } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useTRPC } from "@/trpc/react";
import type { LinkItem } from "./types";
import { useRefreshLinks } from "./use-links";

/** Asks 'Are you sure you want to delete this link?' and deletes it on confirmation. */
export function DeleteLinkDialog({ link, onClose }: { link: LinkItem | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshLinks();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useMutation(
    trpc.link.delete.mutationOptions({
      onSuccess: async () => {
        toast.success("Link deleted");
        onClose();
        await refresh();
      },
      onError: () => toast.error("Failed to delete link"),
    }),
  );

  return (
    <Modal open={link !== null} onClose={onClose} title="Delete link" dismissible={!remove.isPending} initialFocusRef={cancelRef}>
      <p className="text-sm text-gray-600">Are you sure you want to delete this link?</p>
      {link && <p className="mt-2 truncate text-sm font-semibold text-gray-900">{link.title}</p>}
      <div className="mt-6 flex justify-end gap-3">
        <button ref={cancelRef} type="button" className={buttonClass("secondary")} onClick={onClose} disabled={remove.isPending}>
          Cancel
        </button>
        <Button variant="danger" onClick={() => link && remove.mutate({ id: link.id })} disabled={remove.isPending}>
          {remove.isPending ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </Modal>
  );
}
