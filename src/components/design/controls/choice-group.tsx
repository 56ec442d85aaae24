import type { CSSProperties } from "react";

export interface Choice<T> {
  value: T;
  label: string;
  style?: CSSProperties;
}

interface ChoiceGroupProps<T> {
  label: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  columns?: 2 | 3 | 4;
}

const COLUMNS = { 2: "grid-cols-2", 3: "grid-cols-2 sm:grid-cols-3", 4: "grid-cols-2 sm:grid-cols-4" } as const;

/** A named group of option buttons; the chosen one is pressed (aria-pressed). */
export function ChoiceGroup<T extends string | number>({ label, choices, value, onChange, columns = 3 }: ChoiceGroupProps<T>) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-gray-700">{label}</legend>
      <div className={`grid gap-2 ${COLUMNS[columns]}`}>
        {choices.map((choice) => {
          const selected = choice.value === value;
          return (
            <button
              key={String(choice.value)}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(choice.value)}
              style={choice.style}
              className={`rounded-xl border px-3 py-2.5 text-sm font-medium transition ${
                selected
                  ? "border-brand-600 bg-brand-50 text-brand-700 ring-1 ring-brand-600"
                  : "border-gray-200 bg-white text-gray-700 hover:border-gray-300 hover:bg-gray-50"
              }`}
            >
              {choice.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
