"use client";

import dynamic from "next/dynamic";
import { DropdownMenu } from "radix-ui";
import { useRef, useState, type KeyboardEvent } from "react";
import type { CreatedProfile } from "./create-profile-modal";
import { DeleteProfileDialog } from "./profile-switcher/delete-profile-dialog";
import { ProfilesMenu, type MenuFocus } from "./profile-switcher/profiles-menu";
import { SwitcherTrigger } from "./profile-switcher/switcher-trigger";
import type { ShellProfile } from "./profile-switcher/types";
import { useProfileActions } from "./profile-switcher/use-profile-actions";

// The form and its rules (zod) are fetched when Create New Profile is chosen, not with every screen.
const CreateProfileModal = dynamic(() => import("./create-profile-modal").then((module) => module.CreateProfileModal), { ssr: false });

export type { ShellProfile } from "./profile-switcher/types";
export { SWITCH_RELOAD_DELAY_MS } from "./profile-switcher/use-profile-actions";

/**
 * The sidebar's profile switcher: a menu button showing the current (primary) profile that lists every
 * profile of the account, switches and deletes them, and opens the Create New Profile modal.
 */
export function ProfileSwitcher({ profile }: { profile: ShellProfile | null }) {
  const [open, setOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [focus, setFocus] = useState<{ target: MenuFocus; version: number }>({ target: "checked", version: 0 });
  // Create New Profile opens its modal once the menu has closed and handed focus back to the trigger.
  const createRequested = useRef(false);
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
      <DropdownMenu.Root modal={false} open={open} onOpenChange={(next) => changeOpen(next)}>
        <SwitcherTrigger current={current} reloading={actions.reloading} onKeyDown={onTriggerKeyDown} />
        <ProfilesMenu
          actions={actions}
          current={listed}
          focus={focus}
          onCreate={() => {
            createRequested.current = true;
          }}
          onCloseAutoFocus={() => {
            if (!createRequested.current) return;
            createRequested.current = false;
            setCreateOpen(true);
          }}
        />
      </DropdownMenu.Root>
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
