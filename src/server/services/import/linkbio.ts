import { importableExport } from "@/lib/schemas/export";
import { designInput, type DesignInput } from "@/lib/schemas/design";
import { draftLink, type DraftProfile, imageSource, type ImportDraft, parseJson, profileText, unreadable } from "./draft";

export const NOT_A_LINKBIO_EXPORT = "This file is not a Linkbio export (linkbio-export version 1 or 2)";

const isDataUrl = (value: string | null) => value !== null && value.startsWith("data:");

/** The exported design through the editor's own rules; its images and music travel as data URLs. */
function designOf(
  design: NonNullable<ReturnType<typeof importableExport.parse>["profiles"][number]["design"]>,
  notes: string[],
  slug: string,
) {
  const { background_image_url, background_music_url, ...rest } = design;
  const parsed = designInput.safeParse({
    ...rest,
    background_image_url: isDataUrl(background_image_url) ? background_image_url : null,
    background_music_url: isDataUrl(background_music_url) ? background_music_url : null,
  });
  if (parsed.success) return parsed.data as DesignInput;
  notes.push(`The design of ${slug}: ${parsed.error.issues[0]?.message ?? "not valid"}`);
  return null;
}

/**
 * This product's own export (docs/export/linkbio-export.schema.json): each profile with its design,
 * links (schedules and UTM fields included) and uploads inline. The account, its settings and its
 * analytics stay behind; the preview says so.
 */
export function parseLinkbio(content: string): ImportDraft {
  let data: unknown;
  try {
    data = parseJson(content);
  } catch {
    throw unreadable(NOT_A_LINKBIO_EXPORT);
  }
  const parsed = importableExport.safeParse(data);
  if (!parsed.success) throw unreadable(NOT_A_LINKBIO_EXPORT);
  const notes: string[] = [];
  const profiles: DraftProfile[] = parsed.data.profiles.map((profile) => {
    const skipped: string[] = [];
    const links = profile.links.flatMap((link) => {
      const { thumbnail, icon_url, embed: _embed, clicks: _clicks, position: _position, created_at: _created, ...fields } = link;
      const drafted = draftLink(fields, { thumbnail, icon: icon_url }, skipped);
      return drafted ? [drafted] : [];
    });
    notes.push(...skipped.map((line) => `Link ${line} (${profile.slug})`));
    const days = profile.analytics_daily.length;
    if (days) notes.push(`Analytics of ${profile.slug}: ${days} day${days === 1 ? "" : "s"} of page totals stay behind`);
    // Their consent was given to the exporting account's page, so subscribers never move (docs/product/audience.md#what-is-stored).
    const subscribers = "subscribers" in profile ? profile.subscribers.length : 0;
    if (subscribers) notes.push(`Subscribers of ${profile.slug}: ${subscribers} stay with the original page`);
    if (profile.avatar_url && !isDataUrl(profile.avatar_url)) notes.push(`The avatar of ${profile.slug} (not in the file)`);
    return {
      slug: profile.slug,
      ...profileText(profile.display_name, profile.bio),
      avatar: isDataUrl(profile.avatar_url) ? imageSource(profile.avatar_url) : null,
      settings: { title: profile.title, profile_visibility: profile.profile_visibility, show_click_stats: profile.show_click_stats },
      design: profile.design ? designOf(profile.design, notes, profile.slug) : null,
      links,
    };
  });
  notes.push("The account itself, its settings and sign-in methods stay with the original account");
  return { profiles, notImported: notes };
}
