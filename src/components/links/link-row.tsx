import { formatClicks } from "@/lib/format";
import { LINK_TYPE_LABELS } from "@/lib/schemas/link-types";
import { LinkRowMenu } from "./link-row-menu";
import { LinkThumb } from "./link-type-icon";
import { ScheduleBadge } from "./schedule-badge";
import type { LinkItem } from "./types";

interface LinkRowProps {
  link: LinkItem;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  /** Absent for the first (up) or last (down) link. */
  onMoveUp?: () => void;
  onMoveDown?: () => void;
}

/** One dashboard row: thumbnail or type icon, title, address, @username, clicks and the row menu. */
export function LinkRow({ link, onEdit, onDuplicate, onDelete, onMoveUp, onMoveDown }: LinkRowProps) {
  return (
    <li
      data-testid="link-row"
      // An inactive link is dimmed by a grey card and muted thumbnail, not by opacity, so its text stays legible.
      className={`flex items-center gap-3 rounded-2xl border p-3 shadow-xs transition sm:gap-4 sm:p-4 ${
        link.is_active ? "border-gray-200 bg-white" : "border-dashed border-gray-300 bg-gray-50"
      }`}
    >
      <div className={link.is_active ? "" : "opacity-50 grayscale"}>
        <LinkThumb type={link.link_type} thumbnail={link.thumbnail} />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className={`truncate font-semibold ${link.is_active ? "text-gray-900" : "text-gray-600"}`}>{link.title}</h2>
          {!link.is_active && <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-700">Inactive</span>}
          {link.is_adult && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-700">18+</span>}
          <ScheduleBadge link={link} />
        </div>
        {link.url ? (
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className={`block truncate text-sm hover:underline ${link.is_active ? "text-brand-600" : "text-gray-600"}`}
          >
            {link.url}
          </a>
        ) : (
          <p className="text-sm text-gray-500">{LINK_TYPE_LABELS[link.link_type]}</p>
        )}
        {link.username && <p className="truncate text-xs text-gray-500">@{link.username}</p>}
      </div>
      <div className="shrink-0 text-right" title={`${link.clicks} clicks`}>
        <p className="text-sm font-semibold text-gray-900">{formatClicks(link.clicks)}</p>
        <p className="text-xs text-gray-500">{link.clicks === 1 ? "click" : "clicks"}</p>
      </div>
      <LinkRowMenu
        label={`Actions for ${link.title}`}
        actions={[
          { label: "Edit", onSelect: onEdit },
          { label: "Duplicate", onSelect: onDuplicate },
          ...(onMoveUp ? [{ label: "Move up", onSelect: onMoveUp }] : []),
          ...(onMoveDown ? [{ label: "Move down", onSelect: onMoveDown }] : []),
          { label: "Delete", onSelect: onDelete, tone: "danger" },
        ]}
      />
    </li>
  );
}
