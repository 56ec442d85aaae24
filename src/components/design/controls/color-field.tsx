import { useId, type ReactNode } from "react";

const HEX = /^#[0-9a-f]{6}$/i;
const SHORT_HEX = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;
/** The save schema's limit; what is typed must parse as a CSS colour (src/lib/design/css-color.ts). */
const COLOR_MAX_LENGTH = 64;

/** The picker needs #rrggbb; other texts (names, rgb(), #abc) still work on the page. */
function pickerValue(value: string): string {
  const text = value.trim();
  if (HEX.test(text)) return text.toLowerCase();
  const short = SHORT_HEX.exec(text);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : "#000000";
}

interface ColorFieldProps {
  label: string;
  value: string;
  /** Why the typed text is not saved, until it is edited again. */
  error?: string;
  onChange: (value: string) => void;
  /** Advice about the value (such as its contrast), announced as it changes. */
  note?: ReactNode;
}

/** A colour as a picker and as text, bound to the same value. */
export function ColorField({ label, value, error, onChange, note }: ColorFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const noteId = `${id}-note`;
  const describedBy = [error && errorId, note && noteId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div
        className={`flex items-center gap-2 rounded-xl border bg-white p-1.5 focus-within:ring-2 ${
          error ? "border-red-400 focus-within:ring-red-200" : "border-gray-300 focus-within:border-brand-500 focus-within:ring-brand-100"
        }`}
      >
        <input
          type="color"
          aria-label={`${label} picker`}
          value={pickerValue(value)}
          onChange={(event) => onChange(event.target.value)}
          className="h-8 w-10 shrink-0 cursor-pointer rounded-lg border-0 bg-transparent p-0"
        />
        <input
          id={id}
          type="text"
          value={value}
          maxLength={COLOR_MAX_LENGTH}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className="w-full min-w-0 bg-transparent px-1 font-mono text-sm outline-none"
        />
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
      <div id={noteId} aria-live="polite">
        {note}
      </div>
    </div>
  );
}
