"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import toast from "react-hot-toast";
import { Button, buttonClass } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import type { SubscriberDto } from "@/lib/schemas/audience";
import { useTRPC } from "@/trpc/react";

/** Removing deletes the row, so the address is erased (docs/product/audience.md#the-audience-screen). */
export function RemoveSubscriberDialog({
  subscriber,
  onClose,
  onRemoved,
}: {
  subscriber: SubscriberDto | null;
  onClose: () => void;
  onRemoved: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useMutation(
    trpc.audience.remove.mutationOptions({
      onSuccess: async () => {
        toast.success("Subscriber removed");
        onClose();
        await onRemoved();
      },
      onError: () => toast.error("Failed to remove subscriber"),
    }),
  );
  return (
    <Modal
      open={subscriber !== null}
      onClose={onClose}
      title="Remove subscriber"
      dismissible={!remove.isPending}
      initialFocusRef={cancelRef}
    >
      <p className="text-sm text-gray-600">Their address is erased and they will not be counted. They can sign up again on your page.</p>
      {subscriber && <p className="mt-2 truncate text-sm font-semibold text-gray-900">{subscriber.email}</p>}
      <div className="mt-6 flex justify-end gap-3">
        <button ref={cancelRef} type="button" className={buttonClass("secondary")} onClick={onClose} disabled={remove.isPending}>
          Cancel
        </button>
        <Button variant="danger" onClick={() => subscriber && remove.mutate({ id: subscriber.id })} disabled={remove.isPending}>
          {remove.isPending ? "Removing..." : "Remove"}
        </Button>
      </div>
    </Modal>
  );
}
