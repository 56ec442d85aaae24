"use client";

import dynamic from "next/dynamic";
import { useRef, useState, type ComponentType, type KeyboardEvent } from "react";
import type { CreatedProfile } from "./create-profile-modal";
import { DeleteProfileDialog } from "./profile-switcher/delete-profile-dialog";
import type { MenuFocus } from "./profile-switcher/profiles-menu";
import type { SwitcherMenuProps } from "./profile-switcher/switcher-menu";
import { SwitcherStandIn } from "./profile-switcher/switcher-stand-in";
import type { ShellProfile } from "./profile-switcher/types";
import { useProfileActions } from "./profile-switcher/use-profile-actions";

// The form and its rules (zod) are fetched when Create New Profile is chosen, not with every screen.
const CreateProfileModal = dynamic(() => import("./create-profile-modal").then((module) => module.CreateProfileModal), { ssr: false });

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
  const [SwitcherMenu, setSwitcherMenu] = useState<ComponentType<SwitcherMenuProps> | null>(null);
  const menuRequested = useRef(false);
  const standInRef = useRef<HTMLButtonElement>(null);
  // The stand-in was pressed before the menu's script arrived: the press is replayed on Radix's trigger.
  const pendingOpen = useRef<MenuFocus | null>(null);
  const [handOver, setHandOver] = useState<{ focusTrigger: boolean; replayOpening: MenuFocus | null }>({
    focusTrigger: false,
    replayOpening: null,
  });
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

  function loadMenu() {
    if (menuRequested.current) return;
    menuRequested.current = true;
    import("./profile-switcher/switcher-menu").then(
      (module) => {
        setHandOver({ focusTrigger: document.activeElement === standInRef.current, replayOpening: pendingOpen.current });
        setSwitcherMenu(() => module.SwitcherMenu);
      },
      () => {
        // A failed load is asked for again at the next intent.
        menuRequested.current = false;
      },
    );
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
          focusTrigger={handOver.focusTrigger}
          replayOpening={handOver.replayOpening}
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
        <SwitcherStandIn
          ref={standInRef}
          current={current}
          reloading={actions.reloading}
          onIntent={loadMenu}
          onOpen={(target) => {
            pendingOpen.current = target;
            loadMenu();
          }}
        />
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
