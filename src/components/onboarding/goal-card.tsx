import type { ReactNode } from "react";

interface GoalCardProps {
  name: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
  title: string;
  description: string;
  icon: ReactNode;
}

/** A native radio button dressed as a card: arrow keys and Space work as for any radio group. */
export function GoalCard({ name, value, checked, disabled, onSelect, title, description, icon }: GoalCardProps) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-4 rounded-2xl border-2 bg-white p-5 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2 ${
        checked ? "border-brand-600 bg-brand-50" : "border-gray-200 hover:border-gray-300"
      } ${disabled ? "cursor-not-allowed opacity-60" : ""}`}
    >
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onSelect} className="sr-only" />
      <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-gray-900">{title}</span>
        <span className="mt-0.5 block text-sm text-gray-600">{description}</span>
      </span>
      <span
        aria-hidden="true"
        className={`mt-1 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 ${checked ? "border-brand-600" : "border-gray-300"}`}
      >
        {checked && <span className="h-2.5 w-2.5 rounded-full bg-brand-600" />}
      </span>
    </label>
  );
}
