"use client";

import { useId } from "react";
import { TextField } from "@/components/ui/text-field";
import { UTM_FIELDS } from "@/lib/schemas/link-types";
import type { LinkFormErrors, UtmField } from "./link-form-values";

const LABELS: Record<UtmField, { label: string; placeholder: string }> = {
  utm_source: { label: "UTM source", placeholder: "instagram" },
  utm_medium: { label: "UTM medium", placeholder: "social" },
  utm_campaign: { label: "UTM campaign", placeholder: "summer_sale" },
  utm_term: { label: "UTM term", placeholder: "running+shoes" },
  utm_content: { label: "UTM content", placeholder: "bio_link" },
};

interface UtmSectionProps {
  open: boolean;
  onToggle: () => void;
  values: Record<UtmField, string>;
  errors: LinkFormErrors;
  onChange: (field: UtmField, value: string) => void;
  /** The address visitors will open, UTM values appended; null when there is no URL yet. */
  finalUrl: string | null;
}

/** A collapsible block of the five UTM fields with a live preview of the final address. */
export function UtmSection({ open, onToggle, values, errors, onChange, finalUrl }: UtmSectionProps) {
  const panelId = useId();
  return (
    <div className="rounded-xl border border-gray-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onToggle}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-semibold text-gray-800 hover:bg-gray-50"
      >
        <span>
          UTM parameters <span className="font-normal text-gray-500">(optional)</span>
        </span>
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className={`h-4 w-4 transition ${open ? "rotate-180" : ""}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <div id={panelId} className="grid gap-3 border-t border-gray-200 px-4 py-4 sm:grid-cols-2">
          {UTM_FIELDS.map((field) => (
            <TextField
              key={field}
              label={LABELS[field].label}
              placeholder={LABELS[field].placeholder}
              value={values[field]}
              error={errors[field]}
              onChange={(event) => onChange(field, event.target.value)}
              className={field === "utm_content" ? "sm:col-span-2" : ""}
            />
          ))}
          <div className="sm:col-span-2">
            <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">Final URL</p>
            <p data-testid="utm-preview" className="mt-1 rounded-lg bg-gray-50 px-3 py-2 font-mono text-xs break-all text-gray-700">
              {finalUrl ?? "Enter a URL to see the final address"}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
