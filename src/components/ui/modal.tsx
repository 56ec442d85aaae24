"use client";

import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0);
}

const subscribeNothing = () => () => {};

interface ModalProps {
  open: boolean;
  /** Called on Escape, on a click on the backdrop and by the close button; ignored while `dismissible` is false. */
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** False while something is in flight that closing would orphan. */
  dismissible?: boolean;
  /** What gets focus on open; otherwise the first focusable element of the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A modal dialog rendered into document.body (so transformed ancestors such as the sidebar drawer do not
 * clip it): aria-modal, labelled by its title, focus kept inside, Escape and backdrop close, focus
 * returned to where it was on close, page scroll locked while open.
 */
export function Modal(props: ModalProps) {
  const onClient = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  if (!props.open || !onClient) return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({ onClose, title, description, children, dismissible = true, initialFocusRef, className = "" }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef({ onClose, dismissible });
  useEffect(() => {
    closeRef.current = { onClose, dismissible };
  }, [onClose, dismissible]);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const content = contentRef.current;
    const target = initialFocusRef?.current ?? (content ? focusableIn(content)[0] : undefined) ?? panel;
    target?.focus();

    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";

    function onKeyDown(event: KeyboardEvent) {
      if (!panel) return;
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        if (closeRef.current.dismissible) closeRef.current.onClose();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    // Focus that escapes anyway (a click on the page behind, a screen reader) is pulled back in.
    function onFocusIn(event: FocusEvent) {
      if (panel && event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    }
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("focusin", onFocusIn);
      document.body.style.overflow = overflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // Runs once per opening: the panel mounts when the modal opens and unmounts when it closes.
  }, [initialFocusRef]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div
        aria-hidden
        className="absolute inset-0 bg-gray-950/50 backdrop-blur-[2px]"
        onClick={() => {
          if (dismissible) onClose();
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative flex max-h-[92dvh] w-full flex-col overflow-y-auto rounded-t-2xl bg-white shadow-2xl outline-none sm:max-w-md sm:rounded-2xl ${className}`}
      >
        <div className="flex items-start justify-between gap-4 px-6 pt-6">
          <div>
            <h2 id={titleId} className="text-lg font-bold tracking-tight text-gray-900">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-gray-500">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            aria-label="Close"
            disabled={!dismissible}
            onClick={onClose}
            className="-mr-2 -mt-1 rounded-lg p-2 text-gray-400 transition hover:bg-gray-100 hover:text-gray-700 disabled:opacity-40"
          >
            <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <div ref={contentRef} className="px-6 pb-6 pt-4">
          {children}
        </div>
      </div>
    </div>
  );
}
