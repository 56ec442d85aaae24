"use client";

import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import toast from "react-hot-toast";
import { useTRPC } from "@/trpc/react";
import { KeyboardSensorHoldingEarlyKeys } from "./keyboard-sensor";
import type { LinkRowActions } from "./link-manager-row";
import { SortableLinkRow } from "./sortable-link-row";
import type { LinkItem } from "./types";
import { useRefreshLinks } from "./use-links";

/** Screen-reader announcements that name links by title and say where they land. */
function announcements(links: LinkItem[]): Announcements {
  const title = (id: string | number) => links.find((link) => link.id === id)?.title ?? "Link";
  const place = (id: string | number | undefined) => `position ${links.findIndex((link) => link.id === id) + 1} of ${links.length}`;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${title(active.id)}, ${place(active.id)}. Use the arrow keys to move, Space to drop, Escape to cancel.`,
    // Skipped when over its own place, so the pick-up message is not replaced at once.
    onDragOver: ({ active, over }) =>
      !over
        ? `${title(active.id)} is no longer over the list.`
        : over.id === active.id
          ? undefined
          : `${title(active.id)} moved to ${place(over.id)}.`,
    onDragEnd: ({ active, over }) => (over ? `${title(active.id)} dropped at ${place(over.id)}.` : `${title(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Reordering cancelled; ${title(active.id)} is back where it was.`,
  };
}

/**
 * Drag and drop (pointer or keyboard): the new order shows at once, then is saved; a failure reloads the list.
 * Loaded only once a row is about to be grabbed (see reorderable-link-list.tsx).
 */
export function SortableLinkList({ links, rowActions }: { links: LinkItem[]; rowActions: (link: LinkItem) => LinkRowActions }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshLinks();
  const listKey = trpc.link.list.queryKey();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensorHoldingEarlyKeys, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // One reorder at a time, in the order they were made.
  const reorder = useMutation(
    trpc.link.reorder.mutationOptions({
      scope: { id: "link-reorder" },
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.profile.preview.queryKey() }),
      onError: async () => {
        toast.error("Failed to update links order");
        await refresh();
      },
    }),
  );
  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      const from = links.findIndex((link) => link.id === active.id);
      const to = links.findIndex((link) => link.id === over.id);
      if (from < 0 || to < 0) return;
      const next = arrayMove(links, from, to);
      void queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData(listKey, next);
      reorder.mutate({ link_ids: next.map((link) => link.id) });
    },
    [links, listKey, queryClient, reorder],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(links) }}
    >
      <SortableContext items={links.map((link) => link.id)} strategy={verticalListSortingStrategy}>
        <ul className="grid grid-cols-1 gap-3" aria-label="Your links">
          {links.map((link) => (
            <SortableLinkRow key={link.id} link={link} {...rowActions(link)} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
