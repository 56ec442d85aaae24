"use client";

import { useId, useSyncExternalStore } from "react";
import { TextField } from "@/components/ui/text-field";
import { localTimeZone } from "./schedule";

const subscribeNothing = () => () => {};

interface ScheduleSectionProps {
  startsAt: string;
  endsAt: string;
  errors: { starts_at?: string; ends_at?: string };
  onChange: (field: "starts_at" | "ends_at", value: string) => void;
}

/** Start and end, each optional, entered and shown in the creator's time zone. */
export function ScheduleSection({ startsAt, endsAt, errors, onChange }: ScheduleSectionProps) {
  const id = useId();
  const zone = useSyncExternalStore(subscribeNothing, localTimeZone, () => "your time zone");
  return (
    <fieldset aria-describedby={`${id}-zone`} className="grid gap-3 rounded-xl border border-gray-200 px-4 py-3">
      <legend className="px-1 text-sm font-semibold text-gray-800">
        Schedule <span className="font-normal text-gray-500">(optional)</span>
      </legend>
      <p id={`${id}-zone`} className="-mt-1 text-xs text-gray-600">
        Times are in your time zone ({zone}). The link shows on your page from the start until the end.
      </p>
      {/* minmax(0, 1fr) and min-w-0: a datetime input's own width must not push the End field out of the box. */}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {(
          [
            ["starts_at", "Start", startsAt],
            ["ends_at", "End", endsAt],
          ] as const
        ).map(([field, label, value]) => (
          <div key={field} className="grid min-w-0 gap-1">
            <TextField
              className="min-w-0"
              label={label}
              type="datetime-local"
              value={value}
              error={errors[field]}
              onChange={(event) => onChange(field, event.target.value)}
            />
            {value && (
              <button
                type="button"
                onClick={() => onChange(field, "")}
                className="justify-self-start text-xs font-medium text-brand-700 hover:underline"
                aria-label={`Clear ${label.toLowerCase()}`}
              >
                Clear
              </button>
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
