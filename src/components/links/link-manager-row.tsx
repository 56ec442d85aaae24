"use client";

import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from "react";
import { formatClickCount } from "@/lib/format";
import { LINK_TYPE_LABELS } from "@/lib/schemas/link-types";
import { ActiveSwitch } from "./active-switch";
import { InlineLinkEditor } from "./inline-link-editor";
import { ScheduleBadge } from "./schedule-badge";
import type { LinkItem } from "./types";

/** What a manager row does, the same before and after drag and drop has loaded. */
export interface LinkRowActions {
  toggling: boolean;
  onToggle: () => void;
  onDelete: () => void;
  /** Opens the full link editor (type, thumbnail, 18+, schedule, UTM), the one the dashboard uses. */
  onOpenSettings: () => void;
  /** Inline editing is kept by the list, so it survives the row's switch to its draggable form. */
  editing: boolean;
  onEditing: (editing: boolean) => void;
}

/** The drag handle's and the row's hooks into drag and drop (inert placeholders until it has loaded). */
export interface LinkRowDrag {
  rowRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  isDragging: boolean;
  handleRef?: Ref<HTMLButtonElement>;
  handleProps: HTMLAttributes<HTMLButtonElement>;
}

const iconButton = "rounded-lg p-2 text-gray-500 transition hover:bg-gray-100 hover:text-gray-800";

/** A manager row: drag handle, inline edit, click count, schedule, active switch, all settings and delete. */
export function LinkManagerRow({
  link,
  drag,
  toggling,
  onToggle,
  onDelete,
  onOpenSettings,
  editing,
  onEditing,
}: { link: LinkItem; drag: LinkRowDrag } & LinkRowActions) {
  const { rowRef, style, isDragging, handleRef, handleProps } = drag;
  return (
    <li
      ref={rowRef}
      data-testid="manager-row"
      style={style}
      className={`relative flex items-start gap-2 rounded-2xl border bg-white p-3 sm:gap-3 sm:p-4 ${
        isDragging ? "border-brand-300 z-10 shadow-lg" : "border-gray-200 shadow-xs"
      }`}
    >
      <button
        ref={handleRef}
        type="button"
        aria-label={`Drag to reorder ${link.title}`}
        data-drag-handle={link.id}
        {...handleProps}
        className={`${iconButton} cursor-grab touch-none active:cursor-grabbing`}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
          {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
        </svg>
      </button>
      {editing ? (
        <InlineLinkEditor link={link} onDone={() => onEditing(false)} />
      ) : (
        <div className={`min-w-0 flex-1 pt-1 ${link.is_active ? "" : "opacity-50"}`}>
          <p className="truncate font-semibold text-gray-900">{link.title}</p>
          <p className="truncate text-sm text-gray-500">{link.url || LINK_TYPE_LABELS[link.link_type]}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-500">
            {formatClickCount(link.clicks)}
            <ScheduleBadge link={link} />
          </p>
        </div>
      )}
      <div className="flex shrink-0 items-center gap-1 pt-1 sm:gap-2">
        <ActiveSwitch checked={link.is_active} label={`Show ${link.title} on your page`} disabled={toggling} onToggle={onToggle} />
        {!editing && (
          <button type="button" aria-label={`Edit ${link.title}`} onClick={() => onEditing(true)} className={iconButton}>
            <RowIcon>
              <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />
            </RowIcon>
          </button>
        )}
        <button
          type="button"
          aria-label={`All settings for ${link.title}`}
          aria-haspopup="dialog"
          onClick={onOpenSettings}
          className={iconButton}
        >
          <RowIcon>
            <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
            <circle cx="16" cy="6" r="2" />
            <circle cx="10" cy="12" r="2" />
            <circle cx="18" cy="18" r="2" />
          </RowIcon>
        </button>
        <button
          type="button"
          aria-label={`Delete ${link.title}`}
          onClick={onDelete}
          className={`${iconButton} hover:bg-red-50 hover:text-red-600`}
        >
          <RowIcon>
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
          </RowIcon>
        </button>
      </div>
    </li>
  );
}

/** The row's outline icons (edit, settings, delete): one stroke style. */
function RowIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className="h-4.5 w-4.5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
