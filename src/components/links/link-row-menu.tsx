"use client";

import { loadOnce, useMenuOnDemand } from "@/components/ui/menu-on-demand";
import { MENU_BUTTON_CLASS, MenuDots, type MenuAction } from "./link-row-menu-face";

export type { MenuAction } from "./link-row-menu-face";

const loadRadixMenu = loadOnce(() => import("./link-row-radix-menu").then((module) => module.LinkRowRadixMenu));

/** A row's actions menu: Radix's menu once it is first pointed at, focused or pressed, a stand-in of the same look until then. */
export function LinkRowMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const { Menu, handOver, standInProps } = useMenuOnDemand(loadRadixMenu);
  if (Menu) return <Menu label={label} actions={actions} handOver={handOver} />;
  return (
    <button {...standInProps} aria-label={label} className={MENU_BUTTON_CLASS}>
      <MenuDots />
    </button>
  );
}
