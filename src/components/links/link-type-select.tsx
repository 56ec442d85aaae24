import { useId } from "react";
import { LINK_TYPES, LINK_TYPE_LABELS, type LinkType } from "@/lib/schemas/link-types";

export function LinkTypeSelect({ value, onChange }: { value: LinkType; onChange: (type: LinkType) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
        Link type
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as LinkType)}
        className="w-full rounded-xl border border-gray-300 bg-white px-3 py-2.5 text-sm transition outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {LINK_TYPES.map((type) => (
          <option key={type} value={type}>
            {LINK_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
    </div>
  );
}
