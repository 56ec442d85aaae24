// Which changed fields a save sends, checked with the server's schemas (zod): loaded by the first
// edit (load-save-plan.ts), so /design ships without them.
import type { DesignData } from "@/lib/public-profile";
import { designInput } from "@/lib/schemas/design";
import { slugSchema } from "@/lib/schemas/profile";
import { changedKeys, type EditorDraft, type FieldErrors, type MeChanges, type SavePlan } from "./editor-draft";

function pick<T extends object>(source: T, keys: (keyof T)[]): Partial<T> {
  const result: Partial<T> = {};
  for (const key of keys) result[key] = source[key];
  return result;
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
