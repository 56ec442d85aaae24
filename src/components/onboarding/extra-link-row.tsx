import { useId } from "react";
import type { ExtraRow } from "./links-payload";

interface ExtraLinkRowProps {
  index: number;
  row: ExtraRow;
  rowError?: string;
  urlError?: string;
  disabled: boolean;
  onChange: (row: ExtraRow) => void;
  onRemove?: () => void;
}

const inputClass =
  "w-full rounded-xl border bg-white px-3 py-2.5 text-sm outline-none placeholder:text-gray-400 focus:ring-2 disabled:cursor-not-allowed disabled:opacity-60";
const okBorder = "border-gray-300 focus:border-brand-500 focus:ring-brand-100";
const badBorder = "border-red-400 focus:ring-red-200";

/** An extra link: title and URL side by side, both or neither. */
export function ExtraLinkRow({ index, row, rowError, urlError, disabled, onChange, onRemove }: ExtraLinkRowProps) {
  const id = useId();
  const error = rowError ?? urlError;
  return (
    <fieldset className="rounded-2xl border border-gray-200 bg-white p-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="sr-only">Extra link {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-title`} className="mb-1.5 block text-sm font-medium text-gray-700">
            Title
          </label>
          <input
            id={`${id}-title`}
            value={row.title}
            disabled={disabled}
            placeholder="My shop"
            aria-invalid={rowError ? true : undefined}
            onChange={(event) => onChange({ ...row, title: event.target.value })}
            className={`${inputClass} ${rowError ? badBorder : okBorder}`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-url`} className="mb-1.5 block text-sm font-medium text-gray-700">
            URL
          </label>
          <input
            id={`${id}-url`}
            value={row.url}
            disabled={disabled}
            placeholder="example.com"
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...row, url: event.target.value })}
            className={`${inputClass} ${error ? badBorder : okBorder}`}
          />
        </div>
      </div>
      <div className="mt-2 flex items-start justify-between gap-3">
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            className="shrink-0 rounded-lg px-2 py-1 text-sm font-medium text-gray-500 hover:bg-gray-100 hover:text-gray-800 disabled:opacity-50"
          >
            Remove<span className="sr-only"> extra link {index + 1}</span>
          </button>
        )}
      </div>
    </fieldset>
  );
}
