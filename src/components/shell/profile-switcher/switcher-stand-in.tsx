import type { useMenuOnDemand } from "@/components/ui/menu-on-demand";
import { SWITCHER_BUTTON_CLASS, SwitcherFace } from "./switcher-face";
import type { ShellProfile } from "./types";

/**
 * The switcher's button until Radix's menu is needed: it looks and is named the same, and asks for the
 * menu's script when pointed at, focused or opened (press, Enter, Space, arrows; useMenuOnDemand).
 */
export function SwitcherStandIn({
  current,
  reloading,
  standInProps,
}: {
  current: ShellProfile | null;
  reloading: boolean;
  standInProps: ReturnType<typeof useMenuOnDemand>["standInProps"];
}) {
  return (
    <button {...standInProps} className={SWITCHER_BUTTON_CLASS}>
      <SwitcherFace current={current} reloading={reloading} />
    </button>
  );
}
