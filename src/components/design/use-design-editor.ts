"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import type { DesignData } from "@/lib/public-profile";
import { isUnauthorized } from "@/trpc/query-client";
import { useTRPC, useTRPCClient } from "@/trpc/react";
import { isDirty, type EditorDraft, type FieldErrors, type ProfileDraft } from "./editor-draft";
import { loadSavePlan } from "./load-save-plan";
import { settleSave } from "./save-results";

/** Autosave 2000 ms after the last edit; the notice shows for 2 s (docs/product/editor.md#autosave). */
export const AUTOSAVE_DELAY_MS = 2000;
export const SAVED_NOTICE = "Changes saved automatically";
const NOTICE_MS = 2000;

/**
 * The editor's state and autosave. Every edit restarts a 2-second timer; a save sends only the fields
 * that differ from what the server last accepted, so edits made while a save is in flight stay
 * unsaved and go with the next save (queued when the timer fires mid-flight). A failed save keeps
 * the edits and the unsaved flag; an upload the server refuses is undone so it cannot block later saves.
 */
export function useDesignEditor(initial: EditorDraft) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [draft, setDraftState] = useState(initial);
  const [saved, setSavedState] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const draftRef = useRef(initial);
  const savedRef = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef(false);
  const queued = useRef(false);
  const wallpaperBeforeImage = useRef<string | null>(null);

  const setDraft = useCallback((next: EditorDraft) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);

  // The latest save, so a save that ends with another one queued can start it.
  const saveRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const save = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    // Before the in-flight check: a save that arrives meanwhile then finds this one in flight.
    const { planSave } = await loadSavePlan();
    if (inFlight.current) {
      queued.current = true;
      return;
    }
    const plan = planSave(draftRef.current, savedRef.current);
    if (!plan.design && !plan.me && !plan.slug) return setErrors(plan.invalid);
    inFlight.current = true;
    setSaving(true);
    try {
      const results = await Promise.allSettled([
        plan.design ? client.design.save.mutate(plan.design) : null,
        plan.me ? client.profile.updateMe.mutate(plan.me) : null,
        plan.slug ? client.profile.updateSlug.mutate({ slug: plan.slug }) : null,
      ]);
      // A full load: the expired session's cached queries must not survive into the login page.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (results.some((result) => result.status === "rejected" && isUnauthorized(result.reason))) return window.location.assign("/login");

      const outcome = settleSave({ draft: draftRef.current, saved: savedRef.current }, plan, results, wallpaperBeforeImage.current);
      savedRef.current = outcome.state.saved;
      setSavedState(outcome.state.saved);
      setDraft(outcome.state.draft);
      setErrors(outcome.errors);
      if (outcome.design) {
        queryClient.setQueryData(trpc.design.get.queryKey(), outcome.design);
        void queryClient.invalidateQueries({ queryKey: trpc.profile.preview.queryKey() });
      }
      if (outcome.profileSaved) {
        void queryClient.invalidateQueries({ queryKey: trpc.profile.pathKey() });
        router.refresh(); // the signed-in shell shows the name and address
      }
      if (outcome.toastMessage) toast.error(outcome.toastMessage, { id: "design-save-error" });
      else if (results.every((result) => result.status === "fulfilled"))
        toast.success(SAVED_NOTICE, { id: "design-saved", duration: NOTICE_MS });
      // A refused upload was undone: what remains can be saved now (it was not the problem).
      if (outcome.reverted && isDirty(outcome.state.draft, outcome.state.saved)) queued.current = true;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
    if (queued.current) {
      queued.current = false;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveRef.current(), 0);
    }
  }, [client, queryClient, router, setDraft, trpc]);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const edit = useCallback(
    (next: EditorDraft, fields: string[]) => {
      void loadSavePlan();
      setDraft(next);
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveRef.current(), AUTOSAVE_DELAY_MS);
    },
    [setDraft],
  );

  const updateDesign = useCallback(
    (changes: Partial<DesignData>) => {
      if (changes.background_image_url) {
        const current = draftRef.current.design.wallpaper_type;
        wallpaperBeforeImage.current = current !== "image" ? current : savedRef.current.design.wallpaper_type;
      }
      edit({ ...draftRef.current, design: { ...draftRef.current.design, ...changes } }, Object.keys(changes));
    },
    [edit],
  );

  const updateProfile = useCallback(
    (changes: Partial<ProfileDraft>) =>
      edit({ ...draftRef.current, profile: { ...draftRef.current.profile, ...changes } }, Object.keys(changes)),
    [edit],
  );

  const dirty = isDirty(draft, saved);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // Leaving the editor inside the app (a sidebar link) saves what is pending instead of dropping it.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (isDirty(draftRef.current, savedRef.current)) void saveRef.current();
    },
    [],
  );

  const saveNow = useCallback(() => void saveRef.current(), []);
  return { draft, saved, errors, saving, dirty, updateDesign, updateProfile, saveNow };
}

export type DesignEditor = ReturnType<typeof useDesignEditor>;
