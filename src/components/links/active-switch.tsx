import { Switch } from "radix-ui";

/** An on/off switch for a link's active state. */
export function ActiveSwitch({
  checked,
  label,
  disabled,
  onToggle,
}: {
  checked: boolean;
  label: string;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <Switch.Root
      checked={checked}
      aria-label={label}
      disabled={disabled}
      onCheckedChange={onToggle}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-gray-300 transition disabled:cursor-wait disabled:opacity-60 data-[state=checked]:bg-brand-600"
    >
      <Switch.Thumb className="inline-block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-5.5" />
    </Switch.Root>
  );
}
