import type { ProfileDto, UpdateMyProfileInput } from "@/lib/schemas/profile";
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

/** What one save sends: only changed fields, minus those that would fail (they stay unsaved, with a message). */
export interface SavePlan {
  design: Partial<DesignData> | null;
  me: MeChanges | null;
  slug: string | null;
  invalid: FieldErrors;
}
