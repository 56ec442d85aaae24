import type { Platform } from "@/lib/onboarding/platforms";
import type { OnboardingLinksInput } from "@/lib/schemas/onboarding";

/** One extra link as typed: title and URL. */
export type ExtraRow = NonNullable<OnboardingLinksInput["extra"]>[number];

export const BOTH_REQUIRED = "Please fill in both title and URL";

/** Error keys match the server's fieldErrors: platforms.<name>, extra.<i>, extra.<i>.url. */
export type LinkErrors = Record<string, string>;

/** Rows with only one of title and URL filled; the server would refuse them the same way. */
export function incompleteRows(rows: ExtraRow[]): LinkErrors {
  const errors: LinkErrors = {};
  rows.forEach((row, index) => {
    if (Boolean(row.title.trim()) !== Boolean(row.url.trim())) errors[`extra.${index}`] = BOTH_REQUIRED;
  });
  return errors;
}

/**
 * The addLinks input: only filled-in platforms; extra rows are all sent, so the indices in the
 * server's errors are the rows' indices (the server skips rows left empty). Null when nothing to add.
 */
export function linksPayload(
  platforms: Platform[],
  values: Partial<Record<Platform, string>>,
  rows: ExtraRow[],
): OnboardingLinksInput | null {
  const filled = Object.fromEntries(platforms.filter((p) => values[p]?.trim()).map((p) => [p, values[p]!.trim()]));
  const anyExtra = rows.some((row) => row.title.trim() || row.url.trim());
  if (Object.keys(filled).length === 0 && !anyExtra) return null;
  return { platforms: filled, extra: anyExtra ? rows.map((row) => ({ title: row.title.trim(), url: row.url.trim() })) : [] };
}

export function withoutKeys(errors: LinkErrors, prefix: string): LinkErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`)));
}
