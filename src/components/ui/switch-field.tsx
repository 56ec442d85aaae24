import { Switch } from "radix-ui";
import { useId } from "react";

interface SwitchFieldProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** An on/off setting: the text labels a Radix switch. */
export function SwitchField({ label, description, checked, onChange, disabled }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-medium text-gray-800">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="block text-xs text-gray-500">
            {description}
          </span>
        )}
      </div>
      <Switch.Root
        checked={checked}
        onCheckedChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-gray-300 transition disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="inline-block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-5.5" />
      </Switch.Root>
    </div>
  );
}
