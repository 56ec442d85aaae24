import { firstMessages, serverFailure } from "@/trpc/errors";
import type { DesignData } from "@/lib/public-profile";
import { UPLOAD_FIELDS, type EditorDraft, type FieldErrors, type SavePlan } from "./editor-draft";

export const SAVE_FAILED = "Failed to save changes";

interface EditorState {
  draft: EditorDraft;
  saved: EditorDraft;
}
type Section = keyof EditorDraft;
type Fields = Record<string, unknown>;

/** The server's message, else 'Failed to save changes'; field messages by field (docs/product/editor.md#autosave). */
export function readFailure(error: unknown): { answered: boolean; message: string; fields: FieldErrors } {
  const failure = serverFailure(error);
  if (!failure) return { answered: false, message: SAVE_FAILED, fields: {} };
  return { answered: true, message: failure.message || SAVE_FAILED, fields: firstMessages(failure.fieldErrors) };
}

function withSection(draft: EditorDraft, section: Section, fields: Fields): EditorDraft {
  return { ...draft, [section]: fields };
}

/**
 * The sent values become the saved ones. An upload comes back as the server's own asset URL, which
 * replaces the data URL in the draft too (unless it was edited since), so it is never sent twice.
 */
export function adoptSaved(state: EditorState, section: Section, sentValues: object, returnedValues: object): EditorState {
  const sent = sentValues as Fields;
  const returned = returnedValues as Fields;
  const saved: Fields = { ...state.saved[section], ...sent };
  let draft = state.draft[section] as unknown as Fields;
  for (const field of UPLOAD_FIELDS) {
    if (!(field in sent) || !(field in returned)) continue;
    saved[field] = returned[field];
    if (draft[field] === sent[field]) draft = { ...draft, [field]: returned[field] };
  }
  return {
    saved: withSection(state.saved, section, saved),
    draft: draft === (state.draft[section] as unknown) ? state.draft : withSection(state.draft, section, draft),
  };
}

/**
 * A file the server refused (wrong real type, too large) goes back to the saved value, and an image
 * upload's switch to the image wallpaper with it: the refused upload changes nothing.
 */
export function revertRejectedUploads(
  state: EditorState,
  section: Section,
  sentValues: object,
  errors: FieldErrors,
  wallpaperBefore: string | null,
): EditorState {
  const sent = sentValues as Fields;
  const saved = state.saved[section] as unknown as Fields;
  let draft = state.draft[section] as unknown as Fields;
  for (const field of UPLOAD_FIELDS) {
    if (!(field in sent) || !errors[field] || draft[field] !== sent[field]) continue;
    draft = { ...draft, [field]: saved[field] };
    if (field === "background_image_url" && !saved[field] && draft.wallpaper_type === "image") {
      draft.wallpaper_type = wallpaperBefore ?? saved.wallpaper_type;
    }
  }
  return draft === (state.draft[section] as unknown) ? state : { ...state, draft: withSection(state.draft, section, draft) };
}

type Settled<T> = PromiseSettledResult<T | null>;

export interface SaveOutcome {
  state: EditorState;
  errors: FieldErrors;
  /** The failure toast's text, or null when nothing needs one. */
  toastMessage: string | null;
  /** A refused upload was undone, so the rest can be saved again at once. */
  reverted: boolean;
  design: DesignData | null;
  profileSaved: boolean;
}

/** Folds the three calls' results into the editor state, the field messages and the toast. */
export function settleSave(
  state: EditorState,
  plan: SavePlan,
  [design, me, slug]: [Settled<DesignData>, Settled<{ profile: object | null }>, Settled<unknown>],
  wallpaperBefore: string | null,
): SaveOutcome {
  const errors: FieldErrors = { ...plan.invalid };
  let next = state;
  let toastMessage: string | null = null;
  let reverted = false;
  const refused = (section: Section, sent: object, reason: unknown, before: string | null) => {
    const failure = readFailure(reason);
    toastMessage ??= failure.message;
    Object.assign(errors, failure.fields);
    const undone = revertRejectedUploads(next, section, sent, failure.fields, before);
    reverted ||= undone !== next;
    next = undone;
  };

  if (plan.design && design.status === "fulfilled" && design.value) next = adoptSaved(next, "design", plan.design, design.value);
  else if (plan.design && design.status === "rejected") refused("design", plan.design, design.reason, wallpaperBefore);
  if (plan.me && me.status === "fulfilled") next = adoptSaved(next, "profile", plan.me, me.value?.profile ?? {});
  else if (plan.me && me.status === "rejected") refused("profile", plan.me, me.reason, null);
  if (plan.slug && slug.status === "fulfilled") next = adoptSaved(next, "profile", { slug: plan.slug }, {});
  else if (plan.slug && slug.status === "rejected") {
    const failure = readFailure(slug.reason);
    // A refused username is explained at the field; only an unexplained failure needs the toast.
    if (failure.answered) errors.slug = failure.fields.slug ?? failure.message;
    else toastMessage ??= failure.message;
  }
  return {
    state: next,
    errors,
    toastMessage,
    reverted,
    design: plan.design && design.status === "fulfilled" ? design.value : null,
    profileSaved: (Boolean(plan.me) && me.status === "fulfilled") || (Boolean(plan.slug) && slug.status === "fulfilled"),
  };
}
