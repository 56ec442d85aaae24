import { DropdownMenu } from "radix-ui";
import { useEffect, useRef } from "react";
import { InlineSpinner } from "./inline-spinner";
import { focusCheckedItem, focusLastItem, onMenuKeyDownCapture } from "./menu-keys";
import { ProfileRow } from "./profile-row";
import type { ListedProfile } from "./types";
import type { useProfileActions } from "./use-profile-actions";

export type MenuFocus = "checked" | "last";

interface ProfilesMenuProps {
  actions: ReturnType<typeof useProfileActions>;
  current: ListedProfile | null;
  /** Where focus lands on opening; again when the list arrives or shrinks while open. */
  focus: { target: MenuFocus; version: number };
  onCreate: () => void;
  onCloseAutoFocus: () => void;
}

/** The switcher's menu: every profile of the account as a radio item with its delete button, then Create New Profile. */
export function ProfilesMenu({ actions, current, focus, onCreate, onCloseAutoFocus }: ProfilesMenuProps) {
  const { list, profiles, busy } = actions;
  const menuRef = useRef<HTMLDivElement>(null);
  const canDelete = (profiles?.length ?? 0) > 1;

  // The count, not the list: the same list again (a later hydration or refetch) must not pull focus
  // back from an item the visitor has moved to; only its arrival or a change in size does.
  const count = profiles?.length;
  useEffect(() => {
    if (focus.target === "last") focusLastItem(menuRef.current);
    else focusCheckedItem(menuRef.current);
  }, [focus, count]);

  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        ref={menuRef}
        aria-label="Profiles"
        // Radix would name the menu after its trigger; this list has a name of its own.
        aria-labelledby={undefined}
        aria-busy={busy || list.isPending || undefined}
        sideOffset={8}
        align="start"
        onCloseAutoFocus={onCloseAutoFocus}
        onKeyDownCapture={onMenuKeyDownCapture}
        className="z-50 w-(--radix-dropdown-menu-trigger-width) overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xl shadow-gray-900/10 outline-none"
      >
        <p aria-hidden className="px-3 pt-3 pb-1 text-[11px] font-semibold tracking-wider text-gray-400 uppercase">
          Your profiles
        </p>
        <div className="max-h-[min(18rem,50dvh)] overflow-y-auto px-1.5 pb-1.5">
          {list.isPending ? (
            <div className="flex items-center gap-2 px-2 py-3 text-sm text-gray-500">
              <InlineSpinner />
              Loading profiles...
            </div>
          ) : list.isError && !profiles ? (
            <div className="px-2 py-2 text-sm text-gray-500">
              <p>Couldn&apos;t load your profiles.</p>
              <DropdownMenu.Item
                onSelect={(event) => {
                  event.preventDefault();
                  void list.refetch();
                }}
                className="mt-1 cursor-default font-semibold text-brand-600 outline-none hover:underline focus:underline"
              >
                {list.isFetching ? "Retrying..." : "Try again"}
              </DropdownMenu.Item>
            </div>
          ) : (
            <DropdownMenu.RadioGroup value={current?.id}>
              {profiles?.map((item) => (
                <ProfileRow
                  key={item.id}
                  profile={item}
                  canDelete={canDelete}
                  busy={busy}
                  switching={actions.switchingId === item.id}
                  deleting={actions.deletingId === item.id}
                  onChoose={() => actions.choose(item)}
                  onDelete={() => actions.remove(item)}
                />
              ))}
            </DropdownMenu.RadioGroup>
          )}
        </div>
        <DropdownMenu.Separator className="border-t border-gray-100" />
        <div className="p-1.5">
          <DropdownMenu.Item
            aria-disabled={busy || undefined}
            onSelect={(event) => {
              if (busy) event.preventDefault();
              else onCreate();
            }}
            className="flex w-full cursor-default items-center gap-2.5 rounded-lg px-2 py-2 text-left text-sm font-semibold text-brand-700 transition outline-none hover:bg-brand-50 focus:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            <span
              aria-hidden
              className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-100"
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M10 4v12M4 10h12" />
              </svg>
            </span>
            Create New Profile
          </DropdownMenu.Item>
        </div>
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
