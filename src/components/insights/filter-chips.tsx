import type { AnalyticsFilterName, AnalyticsFilters } from "@/lib/schemas/analytics";
import { countryName, deviceLabel } from "./format";

export const FILTER_LABELS: Record<AnalyticsFilterName, string> = {
  country: "Country",
  device: "Device",
  browser: "Browser",
  os: "OS",
  referrer: "Referrer",
  utm_source: "UTM source",
};

export function filterValueLabel(name: AnalyticsFilterName, value: string): string {
  if (name === "country") return countryName(value);
  if (name === "device") return deviceLabel(value);
  return value;
}

/** The active filters as removable chips; they live in the address, so a filtered view can be bookmarked. */
export function FilterChips({
  filters,
  onRemove,
  onClear,
}: {
  filters: AnalyticsFilters;
  onRemove: (name: AnalyticsFilterName, value: string) => void;
  onClear: () => void;
}) {
  const chips = (Object.entries(filters) as [AnalyticsFilterName, string[]][]).flatMap(([name, values]) =>
    values.map((value) => ({ name, value, label: `${FILTER_LABELS[name]}: ${filterValueLabel(name, value)}` })),
  );
  if (chips.length === 0) return null;
  return (
    <div role="group" aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-gray-600">Filtered by</span>
      {chips.map((chip) => (
        <span
          key={`${chip.name}=${chip.value}`}
          className="border-brand-200 text-brand-800 inline-flex items-center gap-1 rounded-full border bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium"
        >
          {chip.label}
          <button
            type="button"
            onClick={() => onRemove(chip.name, chip.value)}
            aria-label={`Remove filter ${chip.label}`}
            className="flex h-6 w-6 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              className="h-3.5 w-3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </span>
      ))}
      <button
        type="button"
        onClick={onClear}
        className="text-sm font-medium text-gray-600 underline underline-offset-2 hover:text-gray-900"
      >
        Clear filters
      </button>
    </div>
  );
}
