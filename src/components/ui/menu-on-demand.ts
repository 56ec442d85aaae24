"use client";

import { useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent, type RefObject } from "react";

/** What a menu loaded on demand takes over from the stand-in button it replaces. */
export interface MenuHandOver {
  /** The stand-in had focus: the real trigger takes it. */
  focusTrigger: boolean;
  /** The stand-in was opened before the menu loaded: the key to replay on the real trigger ("Enter" for a press). */
  replayKey: string | null;
}

/** The keys Radix's trigger opens its menu on. */
export const OPENING_KEYS: ReadonlySet<string> = new Set(["Enter", " ", "ArrowDown"]);

/** One import per menu module for every button that uses it; a failed load is asked for again at the next intent. */
export function loadOnce<P>(importer: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  let loading: Promise<ComponentType<P>> | null = null;
  return () =>
    (loading ??= importer().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * A menu button whose menu (Radix's dropdown, with its positioning code) is not part of the screen's first
 * script. Until it is first pointed at, focused or pressed, the caller renders a stand-in of the same look
 * and name with `standInProps`; then `Menu` replaces it and takes over `handOver`.
 */
export function useMenuOnDemand<P>(load: () => Promise<ComponentType<P>>, openingKeys: ReadonlySet<string> = OPENING_KEYS) {
  const [Menu, setMenu] = useState<ComponentType<P> | null>(null);
  const standInRef = useRef<HTMLButtonElement>(null);
  const pendingKey = useRef<string | null>(null);
  const [handOver, setHandOver] = useState<MenuHandOver>({ focusTrigger: false, replayKey: null });

  function request() {
    load().then(
      (component) => {
        setHandOver({ focusTrigger: document.activeElement === standInRef.current, replayKey: pendingKey.current });
        setMenu(() => component);
      },
      () => undefined,
    );
  }

  function open(key: string) {
    pendingKey.current = key;
    request();
  }

  const standInProps = {
    ref: standInRef,
    type: "button" as const,
    "aria-haspopup": "menu" as const,
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: request,
    onFocus: request,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0 || event.ctrlKey) return;
      // As Radix does: the menu, not the button, takes focus once it opens.
      event.preventDefault();
      open("Enter");
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!openingKeys.has(event.key)) return;
      event.preventDefault();
      open(event.key);
    },
  };
  return { Menu, handOver, standInProps };
}

/** In the loaded menu: its trigger takes the stand-in's focus, and a press made meanwhile opens it as a real one would. */
export function useTriggerHandOver(handOver: MenuHandOver, triggerRef: RefObject<HTMLButtonElement | null>): void {
  const taken = useRef(handOver);
  useEffect(() => {
    const trigger = triggerRef.current;
    const { focusTrigger, replayKey } = taken.current;
    if (!trigger || (!focusTrigger && !replayKey)) return;
    trigger.focus();
    // The opening key on the real trigger, so the menu opens (and takes focus) as from a real press.
    if (replayKey) trigger.dispatchEvent(new KeyboardEvent("keydown", { key: replayKey, bubbles: true, cancelable: true }));
  }, [triggerRef]);
}
