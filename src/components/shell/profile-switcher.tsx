"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import toast from "react-hot-toast";
import type { AppRouter } from "@/server/api/root";
import { useTRPC } from "@/trpc/react";
import { CreateProfileModal, type CreatedProfile } from "./create-profile-modal";
import { ProfileAvatar, profileName } from "./profile-switcher/profile-avatar";
import { refusalMessage } from "./profile-switcher/refusal-message";

/** What the signed-in layout knows about the current profile when it renders the shell. */
export interface ShellProfile {
  slug: string;
  display_name: string;
  avatar_url?: string | null;
}

type ListedProfile = inferRouterOutputs<AppRouter>["profile"]["list"][number];

/** Spec section 9: the page reloads this long after a successful switch. */
export const SWITCH_RELOAD_DELAY_MS = 500;

const MENU_ITEMS = "[role='menuitem'],[role='menuitemradio']";

type FocusTarget = "checked" | "first" | "last";

/**
 * The sidebar's profile switcher: a menu button showing the current (primary) profile that lists every
 * profile of the account, switches and deletes them, and opens the Create New Profile modal.
 */
export function ProfileSwitcher({ profile }: { profile: ShellProfile | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.profile.list.queryKey();
  const list = useQuery(trpc.profile.list.queryOptions());
  const switchProfile = useMutation(trpc.profile.switch.mutationOptions());
  const deleteProfile = useMutation(trpc.profile.delete.mutationOptions());

  const [open, setOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [reloading, setReloading] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const menuId = useId();

  const profiles = list.data;
  const current: ShellProfile | null = profiles ? (profiles.find((item) => item.is_primary) ?? profiles[0] ?? null) : profile;
  const canDelete = (profiles?.length ?? 0) > 1;
  const busy = switchProfile.isPending || deleteProfile.isPending || reloading;

  useEffect(() => {
    if (list.isError) toast.error("Failed to load profiles", { id: "profiles-load-failed" });
  }, [list.isError, list.errorUpdatedAt]);

  const menuItems = useCallback(
    () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(MENU_ITEMS) ?? []),
    [],
  );

  const focusItem = useCallback(
    (target: FocusTarget) => {
      const items = menuItems();
      const checked = items.find((item) => item.getAttribute("aria-checked") === "true");
      const item = target === "last" ? items.at(-1) : target === "checked" ? (checked ?? items[0]) : items[0];
      (item ?? menuRef.current)?.focus();
    },
    [menuItems],
  );

  // Focus moves into the menu once it is on screen, and again when the list arrives while it is open.
  useEffect(() => {
    if (!open || !pendingFocus.current) return;
    focusItem(pendingFocus.current);
    if (profiles) pendingFocus.current = null;
  }, [open, profiles, focusItem]);

  const closeMenu = useCallback((returnFocus: boolean) => {
    setOpen(false);
    pendingFocus.current = null;
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) closeMenu(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, closeMenu]);

  function openMenu(focus: FocusTarget) {
    pendingFocus.current = focus;
    setOpen(true);
    // The list may have failed earlier; opening the menu is a natural moment to try again.
    if (list.isError) void list.refetch();
  }

  function reloadSoon() {
    setReloading(true);
    window.setTimeout(() => window.location.reload(), SWITCH_RELOAD_DELAY_MS);
  }

  function choose(target: ListedProfile) {
    if (busy) return;
    if (target.is_primary) {
      closeMenu(true);
      return;
    }
    switchProfile.mutate(
      { id: target.id },
      {
        onSuccess: () => {
          queryClient.setQueryData(listKey, (old) => old?.map((item) => ({ ...item, is_primary: item.id === target.id })));
          toast.success("Profile switched successfully");
          closeMenu(true);
          reloadSoon();
        },
        onError: () => {
          toast.error("Failed to switch profile");
        },
      },
    );
  }

  function remove(target: ListedProfile) {
    if (busy) return;
    if ((profiles?.length ?? 0) <= 1) {
      toast.error("Cannot delete your only profile");
      return;
    }
    if (!window.confirm("Are you sure you want to delete this profile?")) return;
    deleteProfile.mutate(
      { id: target.id },
      {
        onSuccess: ({ wasCurrent }) => {
          toast.success("Profile deleted successfully");
          if (wasCurrent) {
            reloadSoon();
            return;
          }
          queryClient.setQueryData(listKey, (old) => old?.filter((item) => item.id !== target.id));
          void queryClient.invalidateQueries({ queryKey: listKey });
          pendingFocus.current = "checked";
        },
        onError: (error) => {
          toast.error(refusalMessage(error) ?? "Failed to delete profile");
        },
      },
    );
  }

  function startCreate() {
    closeMenu(true);
    setCreateOpen(true);
  }

  function onCreated(created: CreatedProfile) {
    setCreateOpen(false);
    // The account's first profile becomes primary on the server: the whole signed-in area changes.
    if (created.is_primary) {
      reloadSoon();
      return;
    }
    void queryClient.invalidateQueries({ queryKey: listKey });
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openMenu(event.key === "ArrowUp" ? "last" : "checked");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = menuItems();
    const active = document.activeElement as HTMLElement | null;
    const row = active?.closest<HTMLElement>("[data-menu-row]");
    const move = (to: HTMLElement | undefined) => {
      event.preventDefault();
      to?.focus();
    };
    // Up and down walk the rows (the choice, not its delete button); left and right cross a row.
    const rowStarts = items.filter((item) => !item.hasAttribute("data-menu-delete"));
    const rowIndex = rowStarts.indexOf(row ? (row.querySelector<HTMLElement>("[role='menuitemradio']") ?? active!) : active!);
    switch (event.key) {
      case "ArrowDown":
        return move(rowStarts[rowIndex < 0 ? 0 : (rowIndex + 1) % rowStarts.length]);
      case "ArrowUp":
        return move(rowStarts[rowIndex < 0 ? rowStarts.length - 1 : (rowIndex - 1 + rowStarts.length) % rowStarts.length]);
      case "ArrowRight":
        return move(row?.querySelector<HTMLElement>("[data-menu-delete]") ?? undefined);
      case "ArrowLeft":
        return move(row?.querySelector<HTMLElement>("[role='menuitemradio']") ?? undefined);
      case "Home":
        return move(items[0]);
      case "End":
        return move(items.at(-1));
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        return closeMenu(true);
      case "Tab":
        return closeMenu(false);
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu(false) : openMenu("checked"))}
        onKeyDown={onTriggerKeyDown}
        className="group flex w-full items-center gap-3 rounded-xl border border-gray-200 bg-white px-3 py-2 text-left shadow-xs transition hover:border-gray-300 hover:bg-gray-50 aria-expanded:border-brand-500 aria-expanded:ring-2 aria-expanded:ring-brand-100"
      >
        <span className="sr-only">Switch profile. Current profile:</span>
        {current ? (
          <>
            <ProfileAvatar profile={current} />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-gray-900">{profileName(current)}</span>
              <span className="block truncate text-xs text-gray-500">@{current.slug}</span>
            </span>
          </>
        ) : (
          <>
            <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-dashed border-gray-300 text-gray-400">
              ?
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-gray-700">No profile yet</span>
              <span className="block truncate text-xs text-gray-500">Create one to get started</span>
            </span>
          </>
        )}
        {reloading ? (
          <InlineSpinner />
        ) : (
          <svg
            aria-hidden
            viewBox="0 0 20 20"
            className="h-4 w-4 shrink-0 text-gray-400 transition group-aria-expanded:rotate-180"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="m6 8 4 4 4-4" />
          </svg>
        )}
      </button>

      {open && (
        <div
          id={menuId}
          ref={menuRef}
          role="menu"
          aria-label="Profiles"
          aria-busy={busy || list.isPending || undefined}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xl shadow-gray-900/10 outline-none"
        >
          <p aria-hidden className="px-3 pb-1 pt-3 text-[11px] font-semibold uppercase tracking-wider text-gray-400">
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
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => void list.refetch()}
                  className="mt-1 font-semibold text-brand-600 outline-none hover:underline focus:underline"
                >
                  {list.isFetching ? "Retrying..." : "Try again"}
                </button>
              </div>
            ) : (
              profiles?.map((item) => (
                <ProfileRow
                  key={item.id}
                  profile={item}
                  canDelete={canDelete}
                  busy={busy}
                  switching={switchProfile.isPending && switchProfile.variables?.id === item.id}
                  deleting={deleteProfile.isPending && deleteProfile.variables?.id === item.id}
                  onChoose={() => choose(item)}
                  onDelete={() => remove(item)}
                />
              ))
            )}
          </div>
          <div role="separator" className="border-t border-gray-100" />
          <div className="p-1.5">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) startCreate();
              }}
              className="flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-left text-sm font-semibold text-brand-700 outline-none transition hover:bg-brand-50 focus:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            >
              <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M10 4v12M4 10h12" />
                </svg>
              </span>
              Create New Profile
            </button>
          </div>
        </div>
      )}

      <CreateProfileModal open={createOpen} onClose={() => setCreateOpen(false)} onCreated={onCreated} />
    </div>
  );
}

function ProfileRow({
  profile,
  canDelete,
  busy,
  switching,
  deleting,
  onChoose,
  onDelete,
}: {
  profile: ListedProfile;
  canDelete: boolean;
  busy: boolean;
  switching: boolean;
  deleting: boolean;
  onChoose: () => void;
  onDelete: () => void;
}) {
  const name = profileName(profile);
  return (
    <div
      data-menu-row
      className={`flex items-center gap-0.5 rounded-lg transition ${deleting ? "opacity-50" : ""} ${
        profile.is_primary ? "bg-brand-50/70" : ""
      }`}
    >
      <button
        type="button"
        role="menuitemradio"
        aria-checked={profile.is_primary}
        aria-disabled={busy || undefined}
        tabIndex={-1}
        onClick={onChoose}
        className="flex min-w-0 flex-1 items-center gap-2.5 rounded-lg px-2 py-2 text-left outline-none transition hover:bg-gray-100 focus:bg-gray-100 aria-disabled:cursor-not-allowed"
      >
        <ProfileAvatar profile={profile} size="sm" />
        <span className="min-w-0 flex-1">
          <span title={name} className="block truncate text-sm font-medium text-gray-900">
            {name}
          </span>
          <span className="block truncate text-xs text-gray-500">@{profile.slug}</span>
        </span>
        {switching ? (
          <InlineSpinner />
        ) : (
          profile.is_primary && (
            <svg
              aria-hidden
              data-testid="current-profile-check"
              viewBox="0 0 20 20"
              className="h-4 w-4 shrink-0 text-brand-600"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="m4.5 10.5 3.5 3.5 7.5-8" />
            </svg>
          )
        )}
      </button>
      {canDelete && (
        <button
          type="button"
          role="menuitem"
          data-menu-delete
          aria-label={`Delete profile @${profile.slug}`}
          title="Delete profile"
          aria-disabled={busy || undefined}
          tabIndex={-1}
          onClick={onDelete}
          className="shrink-0 rounded-lg p-2 text-gray-400 outline-none transition hover:bg-red-50 hover:text-red-600 focus:bg-red-50 focus:text-red-600 aria-disabled:cursor-not-allowed aria-disabled:hover:bg-transparent aria-disabled:hover:text-gray-400"
        >
          {deleting ? (
            <InlineSpinner />
          ) : (
            <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3.5 5.5h13M8 5.5V4a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v1.5M5.5 5.5l.7 10a1.5 1.5 0 0 0 1.5 1.4h4.6a1.5 1.5 0 0 0 1.5-1.4l.7-10M8.5 9v4.5M11.5 9v4.5" />
            </svg>
          )}
        </button>
      )}
    </div>
  );
}

function InlineSpinner() {
  return <span aria-hidden className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600" />;
}
