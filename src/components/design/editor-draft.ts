import { designInput } from "@/lib/schemas/design";
import { slugSchema, type ProfileDto, type UpdateMyProfileInput } from "@/lib/schemas/profile";
import type { DesignData } from "@/lib/public-profile";

/** The profile fields the editor changes: picture, username, display name and bio. */
export type ProfileDraft = Pick<ProfileDto, "slug" | "display_name" | "bio" | "avatar_url">;

/** Everything the editor holds: the design in wire names and the profile fields. */
export interface EditorDraft {
  design: DesignData;
  profile: ProfileDraft;
}

export type MeChanges = Pick<UpdateMyProfileInput, "display_name" | "bio" | "avatar_url">;

/** Field name to the message shown next to it (wire names, plus `slug`). */
export type FieldErrors = Partial<Record<keyof DesignData | keyof ProfileDraft, string>>;

/** Fields that hold a file: the server answers with its own /api/assets/ URL for them. */
export const UPLOAD_FIELDS = ["background_image_url", "background_music_url", "avatar_url"] as const;

export function changedKeys<T extends object>(draft: T, saved: T): (keyof T)[] {
  return (Object.keys(draft) as (keyof T)[]).filter((key) => !Object.is(draft[key], saved[key]));
}

export function isDirty(draft: EditorDraft, saved: EditorDraft): boolean {
  return changedKeys(draft.design, saved.design).length > 0 || changedKeys(draft.profile, saved.profile).length > 0;
}

function pick<T extends object>(source: T, keys: (keyof T)[]): Partial<T> {
  const result: Partial<T> = {};
  for (const key of keys) result[key] = source[key];
  return result;
}

/** What one save sends: only changed fields, minus those that would fail (they stay unsaved, with a message). */
export interface SavePlan {
  design: Partial<DesignData> | null;
  me: MeChanges | null;
  slug: string | null;
  invalid: FieldErrors;
}

export function planSave(draft: EditorDraft, saved: EditorDraft): SavePlan {
  const invalid: FieldErrors = {};
  const design = pick(draft.design, changedKeys(draft.design, saved.design));
  const checked = designInput.safeParse(design);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0] as keyof DesignData;
      invalid[field] ??= issue.message;
      delete design[field];
    }
  }

  let slug: string | null = null;
  if (draft.profile.slug !== saved.profile.slug) {
    const parsed = slugSchema.safeParse(draft.profile.slug);
    if (parsed.success && parsed.data !== saved.profile.slug) slug = parsed.data;
    else if (!parsed.success) invalid.slug = parsed.error.issues[0]?.message;
  }

  const meKeys = changedKeys(draft.profile, saved.profile).filter((key): key is keyof MeChanges => key !== "slug");
  const me = pick<MeChanges>(draft.profile, meKeys);
  return {
    design: Object.keys(design).length > 0 ? design : null,
    me: meKeys.length > 0 ? me : null,
    slug,
    invalid,
  };
}
