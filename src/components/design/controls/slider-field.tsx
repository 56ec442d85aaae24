import { useId } from "react";

interface SliderFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  /** How the value reads next to the label and to screen readers, e.g. "45°". */
  format?: (value: number) => string;
}

/** A labelled range input with its current value shown. */
export function SliderField({ label, value, min, max, step, onChange, format = String }: SliderFieldProps) {
  const id = useId();
  const shown = format(value);
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-gray-700">
          {label}
        </label>
        <output htmlFor={id} className="rounded-md bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-700 tabular-nums">
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(Number(event.target.value))}
        className="w-full accent-brand-600"
      />
    </div>
  );
}
