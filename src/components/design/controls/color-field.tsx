"use client";

import { useId, useState, type ReactNode } from "react";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { rgbaOf, toHex } from "@/lib/design/color-values";
import { CSS_COLOR_MESSAGE } from "@/lib/design/css-color";

/** The save schema's limit; what is typed must parse as a CSS colour (src/lib/design/css-color.ts). */
const COLOR_MAX_LENGTH = 64;
/** A text that is not a colour is called out once typing pauses, not at every keystroke of "#6366f1". */
const CHECK_DELAY_MS = 500;

interface ColorFieldProps {
  label: string;
  value: string;
  /** The server's word on the value, until it is edited again. */
  error?: string;
  onChange: (value: string) => void;
  /** Advice about the value (such as its contrast), announced as it changes. */
  note?: ReactNode;
}

/**
 * A colour as a picker and as text, bound to the same value. Text that is no colour gets the save
 * schema's own message, and the swatch keeps the last valid colour meanwhile (names, rgb() and
 * hsl() included: the picker shows their #rrggbb).
 */
export function ColorField({ label, value, error: serverError, onChange, note }: ColorFieldProps) {
  const id = useId();
  const parsed = rgbaOf(value);
  const [lastValid, setLastValid] = useState(() => (parsed ? toHex(parsed) : "#000000"));
  if (parsed && toHex(parsed) !== lastValid) setLastValid(toHex(parsed));
  const settled = useDebouncedValue(value, CHECK_DELAY_MS);
  const error = serverError ?? (!parsed && settled === value ? CSS_COLOR_MESSAGE : undefined);
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
          value={lastValid}
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
