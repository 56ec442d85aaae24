"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import toast from "react-hot-toast";
import { useTRPC } from "@/trpc/react";
import { LinkManagerRow, type LinkRowActions } from "./link-manager-row";
import type { LinkItem } from "./types";
import { useRefreshLinks } from "./use-links";

type DragAndDrop = typeof import("./sortable-link-list");
let loading: Promise<DragAndDrop> | null = null;
/** @dnd-kit is fetched once, the first time a row is about to be grabbed. */
const loadDragAndDrop = () => (loading ??= import("./sortable-link-list"));

/**
 * A grab made before drag and drop had loaded, handed to it once it has: by keyboard, the key that
 * grabbed and the moves pressed after it; by pointer, the press.
 */
type EarlyGrab = { id: string; keys: KeyboardEventInit[] } | { id: string; pointer: PointerEventInit };

const START_KEYS = ["Space", "Enter"];
/** The keys drag and drop answers once a row is picked up. */
const DRAG_KEYS = [...START_KEYS, "Escape", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];

const keyInit = ({ key, code }: KeyboardEvent<HTMLButtonElement>): KeyboardEventInit => ({ key, code, bubbles: true, cancelable: true });

/** Gives drag and drop the grab the placeholder handle received: the same keys in order, or the same press at the same point. */
function replay(grab: EarlyGrab | null, focusedId: string | null): void {
  const id = grab?.id ?? focusedId;
  const handle = id ? document.querySelector<HTMLElement>(`[data-drag-handle="${CSS.escape(id)}"]`) : null;
  if (!handle) return;
  if (focusedId === id) handle.focus();
  if (!grab) return;
  // The keys after the grab reach drag and drop's sensor before it listens; it holds them (keyboard-sensor.ts).
  if ("keys" in grab) for (const key of grab.keys) handle.dispatchEvent(new KeyboardEvent("keydown", key));
  else handle.dispatchEvent(new window.PointerEvent("pointerdown", grab.pointer));
}

/**
 * The /links list: rows show at once with inert drag handles, and drag and drop loads when a handle is
 * pointed at, focused or grabbed; a grab made meanwhile is not lost (docs/screens-speed.md#less-script-before-the-first-interaction).
 */
export function ReorderableLinkList({
  links,
  onDelete,
  onOpenSettings,
}: {
  links: LinkItem[];
  onDelete: (link: LinkItem) => void;
  onOpenSettings: (link: LinkItem) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshLinks();
  const [dragAndDrop, setDragAndDrop] = useState<DragAndDrop | null>(null);
  const [editing, setEditing] = useState<ReadonlySet<string>>(() => new Set());
  const earlyGrab = useRef<EarlyGrab | null>(null);
  const focusedHandle = useRef<string | null>(null);

  const toggle = useMutation(
    trpc.link.toggle.mutationOptions({
      onSuccess: async ({ id, is_active }) => {
        queryClient.setQueryData(trpc.link.list.queryKey(), (current) =>
          current?.map((link) => (link.id === id ? { ...link, is_active } : link)),
        );
        toast.success("Link status updated");
        await refresh();
      },
      onError: () => toast.error("Failed to toggle link"),
    }),
  );

  const load = useCallback(() => {
    void loadDragAndDrop().then((loaded) => {
      focusedHandle.current = document.activeElement?.getAttribute("data-drag-handle") ?? null;
      setDragAndDrop(() => loaded);
    });
  }, []);

  useEffect(() => {
    if (!dragAndDrop) return;
    replay(earlyGrab.current, focusedHandle.current);
    earlyGrab.current = null;
  }, [dragAndDrop]);

  const rowActions = (link: LinkItem): LinkRowActions => ({
    toggling: toggle.isPending && toggle.variables?.id === link.id,
    onToggle: () => toggle.mutate({ id: link.id }),
    onDelete: () => onDelete(link),
    onOpenSettings: () => onOpenSettings(link),
    editing: editing.has(link.id),
    onEditing: (on) =>
      setEditing((current) => {
        const next = new Set(current);
        if (on) next.add(link.id);
        else next.delete(link.id);
        return next;
      }),
  });

  if (dragAndDrop) return <dragAndDrop.SortableLinkList links={links} rowActions={rowActions} />;

  const placeholderHandle = (link: LinkItem) => ({
    onPointerEnter: load,
    onFocus: load,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      const grab = earlyGrab.current;
      if (grab && "keys" in grab && grab.id === link.id && DRAG_KEYS.includes(event.code)) {
        event.preventDefault();
        grab.keys.push(keyInit(event));
        return;
      }
      if (!START_KEYS.includes(event.code)) return;
      event.preventDefault();
      earlyGrab.current = { id: link.id, keys: [keyInit(event)] };
      load();
    },
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (!event.isPrimary || event.button !== 0) return;
      const { clientX, clientY, pointerId, pointerType } = event;
      const grab = {
        id: link.id,
        pointer: { clientX, clientY, pointerId, pointerType, isPrimary: true, button: 0, buttons: 1, bubbles: true },
      };
      earlyGrab.current = grab;
      // Let go before drag and drop arrived: that was a click, nothing to hand over.
      window.addEventListener("pointerup", () => earlyGrab.current === grab && (earlyGrab.current = null), { once: true });
      load();
    },
  });

  return (
    <ul className="grid grid-cols-1 gap-3" aria-label="Your links">
      {links.map((link) => (
        <LinkManagerRow
          key={link.id}
          link={link}
          drag={{ isDragging: false, handleProps: placeholderHandle(link) }}
          {...rowActions(link)}
        />
      ))}
    </ul>
  );
}
