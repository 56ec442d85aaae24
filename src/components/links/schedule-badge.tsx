"use client";

import { useNow } from "@/components/ui/use-now";
import { formatMoment, scheduleState } from "./schedule";

/** "Scheduled" until the start, "Expired" after the end, each with its time; a live link with an end says when. */
export function ScheduleBadge({ link }: { link: { starts_at: Date | null; ends_at: Date | null } }) {
  const state = scheduleState(link, useNow());
  if (state === "scheduled") {
    return (
      <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800">
        Scheduled · starts {formatMoment(link.starts_at!)}
      </span>
    );
  }
  if (state === "expired") {
    return (
      <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-800">
        Expired · ended {formatMoment(link.ends_at!)}
      </span>
    );
  }
  return link.ends_at ? <span className="text-xs text-gray-600">Ends {formatMoment(link.ends_at)}</span> : null;
}
