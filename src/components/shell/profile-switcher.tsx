"use client";

import dynamic from "next/dynamic";
import { useRef, useState, type KeyboardEvent } from "react";
import { loadOnce, OPENING_KEYS, useMenuOnDemand } from "@/components/ui/menu-on-demand";
import type { CreatedProfile } from "./create-profile-modal";
import { DeleteProfileDialog } from "./profile-switcher/delete-profile-dialog";
import type { MenuFocus } from "./profile-switcher/profiles-menu";
import { SwitcherStandIn } from "./profile-switcher/switcher-stand-in";
import type { ShellProfile } from "./profile-switcher/types";
import { useProfileActions } from "./profile-switcher/use-profile-actions";

// The form and its rules (zod) are fetched when Create New Profile is chosen, not with every screen.
const CreateProfileModal = dynamic(() => import("./create-profile-modal").then((module) => module.CreateProfileModal), { ssr: false });

const loadSwitcherMenu = loadOnce(() => import("./profile-switcher/switcher-menu").then((module) => module.SwitcherMenu));
// ArrowUp opens the menu at its last profile, on the stand-in as on Radix's trigger (onTriggerKeyDown).
const SWITCHER_OPENING_KEYS: ReadonlySet<string> = new Set([...OPENING_KEYS, "ArrowUp"]);

export type { ShellProfile } from "./profile-switcher/types";
export { SWITCH_RELOAD_DELAY_MS } from "./profile-switcher/use-profile-actions";

/**
 * The sidebar's profile switcher: a menu button showing the current (primary) profile that lists every
 * profile of the account, switches and deletes them, and opens the Create New Profile modal. Radix's
 * dropdown (with its positioning and focus code) loads when the button is first pointed at, focused or
 * pressed; until then a stand-in of the same look holds its place.
 */
export function ProfileSwitcher({ profile }: { profile: ShellProfile | null }) {
  const [open, setOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [focus, setFocus] = useState<{ target: MenuFocus; version: number }>({ target: "checked", version: 0 });
  // Create New Profile opens its modal once the menu has closed and handed focus back to the trigger.
  const createRequested = useRef(false);
  const { Menu: SwitcherMenu, handOver, standInProps } = useMenuOnDemand(loadSwitcherMenu, SWITCHER_OPENING_KEYS);
  const actions = useProfileActions({
    onSwitched: () => setOpen(false),
    onDeletedOther: () => setFocus(({ version }) => ({ target: "checked", version: version + 1 })),
    onDeletionAsked: () => setOpen(false),
  });
  const { list, profiles } = actions;
  const listed = profiles ? (profiles.find((item) => item.is_primary) ?? profiles[0] ?? null) : null;
  const current: ShellProfile | null = profiles ? listed : profile;

  function changeOpen(next: boolean, target: MenuFocus = "checked") {
    if (next) {
      setFocus(({ version }) => ({ target, version: version + 1 }));
      // The list may have failed earlier; opening the menu is a natural moment to try again.
      if (list.isError) void list.refetch();
    }
    setOpen(next);
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowUp") return;
    event.preventDefault();
    changeOpen(true, "last");
  }

  function onCreated(created: CreatedProfile) {
    setCreateOpen(false);
    // The account's first profile becomes primary on the server: the whole signed-in area changes.
    if (created.is_primary) {
      actions.reloadSoon();
      return;
    }
    actions.refreshList();
  }

  return (
    <div className="relative">
      {SwitcherMenu ? (
        <SwitcherMenu
          open={open}
          onOpenChange={(next) => changeOpen(next)}
          current={current}
          reloading={actions.reloading}
          onTriggerKeyDown={onTriggerKeyDown}
          handOver={handOver}
          menu={{
            actions,
            current: listed,
            focus,
            onCreate: () => {
              createRequested.current = true;
            },
            onCloseAutoFocus: () => {
              if (!createRequested.current) return;
              createRequested.current = false;
              setCreateOpen(true);
            },
          }}
        />
      ) : (
        <SwitcherStandIn current={current} reloading={actions.reloading} standInProps={standInProps} />
      )}
      {createOpen && <CreateProfileModal open onClose={() => setCreateOpen(false)} onCreated={onCreated} />}
      <DeleteProfileDialog
        profile={actions.deletionAsked}
        deleting={actions.deletingId !== undefined}
        onConfirm={actions.confirmRemove}
        onCancel={actions.cancelRemove}
      />
    </div>
  );
}
