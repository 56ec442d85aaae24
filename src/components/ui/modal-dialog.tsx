"use client";

import { Dialog } from "radix-ui";
import { useRef, type ReactNode, type RefObject } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

function firstFocusableIn(root: HTMLElement | null): HTMLElement | undefined {
  return Array.from(root?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).find((element) => element.getClientRects().length > 0);
}

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on a click on the backdrop and by the close button; ignored while `dismissible` is false. */
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** False while something is in flight that closing would orphan. */
  dismissible?: boolean;
  /** What gets focus on open; otherwise the first focusable element of the dialog's body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The dialog's width from the sm breakpoint up; below it the dialog is a full-width sheet. */
  width?: keyof typeof WIDTHS;
}

// One max-width class per dialog: two competing ones resolve by stylesheet order, not by the caller's wish.
const WIDTHS = { md: "sm:max-w-md", lg: "sm:max-w-lg", "2xl": "sm:max-w-2xl" } as const;

/**
 * A Radix modal dialog in a portal on document.body (so transformed ancestors such as the sidebar drawer
 * do not clip it): labelled by its title, focus trapped, Escape and backdrop close, page scroll locked,
 * focus returned on close to whatever had it when the dialog opened (callers open it without a Dialog trigger).
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  dismissible = true,
  initialFocusRef,
  width = "md",
}: ModalProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const refuseWhileBusy = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && dismissible) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/50 backdrop-blur-[2px]" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
          <Dialog.Content
            ref={contentRef}
            {...(description ? {} : { "aria-describedby": undefined })}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              (initialFocusRef?.current ?? firstFocusableIn(bodyRef.current) ?? contentRef.current)?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (returnFocusTo.current?.isConnected) returnFocusTo.current.focus();
            }}
            onEscapeKeyDown={refuseWhileBusy}
            onPointerDownOutside={refuseWhileBusy}
            onInteractOutside={refuseWhileBusy}
            className={`pointer-events-auto relative flex max-h-[92dvh] w-full flex-col overflow-y-auto rounded-t-2xl bg-white shadow-2xl outline-none sm:rounded-2xl ${WIDTHS[width]}`}
          >
            <div className="flex items-start justify-between gap-4 px-6 pt-6">
              <div>
                <Dialog.Title className="text-lg font-bold tracking-tight text-gray-900">{title}</Dialog.Title>
                {description && <Dialog.Description className="mt-1 text-sm text-gray-500">{description}</Dialog.Description>}
              </div>
              <Dialog.Close
                aria-label="Close"
                disabled={!dismissible}
                className="-mt-1 -mr-2 rounded-lg p-2 text-gray-400 transition hover:bg-gray-100 hover:text-gray-700 disabled:opacity-40"
              >
                <svg
                  aria-hidden
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </Dialog.Close>
            </div>
            <div ref={bodyRef} className="px-6 pt-4 pb-6">
              {children}
            </div>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
