import type { Link, Prisma, PrismaClient, Profile } from "@/generated/prisma/client";
import { storedFontName } from "@/lib/design/fonts";
import { normalizeDesign } from "@/lib/design/normalize";
import type { ImportApplyInput } from "@/lib/schemas/import";
import { slugSchema } from "@/lib/schemas/profile";
import { env } from "@/server/config/env";
import { storeUpload, type CheckedUpload, type UploadPurpose } from "../assets/assets";
import { ServiceError } from "../errors";
import { lockUser, profileLimitMessage, requireCurrentProfile } from "../profiles/profiles";
import { toLinkDto } from "../links/serialize";
import { assertNotReserved, isSlugConflict, usernameTaken } from "../profiles/slugs";
import { toProfileDto } from "../profiles/serialize";
import { recordWebhookEvent } from "../webhooks/events";
import type { DraftLink, DraftProfile, ImageSource } from "./draft";
import { copyImage } from "./images";
import { reportProgress, type ImportPhase } from "./progress";
import { chargeFetch, readSource, toPreview, type ImportCaller } from "./read-source";

type Tx = Prisma.TransactionClient;
type ApplyInput = ImportApplyInput & { target: "current" | "new" };

export const SOURCE_CHANGED = "The source changed since the preview: preview it again";
export const NOTHING_CHOSEN = "Nothing to import: tick at least one item";
export const SLUG_NEEDED = "Choose a username for the new profile";
/** Images fetched from the web in one import, at most (each may take up to 5 s). */
const MAX_REMOTE_IMAGES = 60;

export interface ImportResult {
  profile: Profile;
  links: Link[];
  notImported: string[];
}

const badRequest = (field: string, message: string) => new ServiceError("BAD_REQUEST", message, { fields: { [field]: [message] } });

/** The profiles and links the creator ticked, each link still with its profile. */
function chosen(profiles: DraftProfile[], include: ApplyInput["include"]): DraftProfile[] {
  const total = profiles.reduce((sum, profile) => sum + profile.links.length, 0);
  const wanted = include?.links ? new Set(include.links) : null;
  const outside = include?.links?.find((index) => index >= total);
  if (outside !== undefined) throw badRequest("include", `Link ${outside} is not in the preview`);
  let index = 0;
  return profiles.map((profile, position) => ({
    ...profile,
    display_name: position === 0 && include?.display_name === false ? "" : profile.display_name,
    bio: position === 0 && include?.bio === false ? "" : profile.bio,
    avatar: position === 0 && include?.avatar === false ? null : profile.avatar,
    links: profile.links.filter(() => !wanted || wanted.has(index++)),
  }));
}

/** Every image the import copies, fetched or decoded before the transaction opens. */
class ImageCopies {
  readonly copies = new Map<string, CheckedUpload>();
  private remote = 0;
  constructor(private readonly notes: string[]) {}

  async add(source: ImageSource | null, purpose: UploadPurpose, what: string): Promise<void> {
    if (!source || this.copies.has(`${purpose}:${source}`)) return;
    if (!source.startsWith("data:") && ++this.remote > MAX_REMOTE_IMAGES) {
      if (this.remote === MAX_REMOTE_IMAGES + 1) this.notes.push(`Images after the first ${MAX_REMOTE_IMAGES} (add them in the editor)`);
      return;
    }
    const copy = await copyImage(source, purpose, what);
    if (typeof copy === "string") this.notes.push(copy);
    else this.copies.set(`${purpose}:${source}`, copy);
  }

  /** Stores the copy inside the import's transaction; null when there is none. */
  async store(tx: Tx, source: ImageSource | null, purpose: UploadPurpose): Promise<string | null> {
    const copy = source ? this.copies.get(`${purpose}:${source}`) : undefined;
    return copy ? storeUpload(tx, copy) : null;
  }
}

/** The imported links, each a `link.created` event of the account. */
async function createLinks(
  tx: Tx,
  userId: string,
  images: ImageCopies,
  profileId: string,
  start: number,
  links: DraftLink[],
): Promise<void> {
  const data: Prisma.LinkCreateManyInput[] = [];
  for (const [index, { link, thumbnail, icon }] of links.entries()) {
    data.push({
      ...link,
      thumbnail: await images.store(tx, thumbnail, "thumbnail"),
      icon_url: await images.store(tx, icon, "icon"),
      profile_id: profileId,
      position: start + index,
    });
  }
  if (data.length === 0) return;
  for (const link of await tx.link.createManyAndReturn({ data })) {
    await recordWebhookEvent(tx, { userId, type: "link.created", data: toLinkDto(link) });
  }
}

async function designFor(tx: Tx, images: ImageCopies, profile: DraftProfile): Promise<Prisma.DesignSettingsCreateWithoutProfileInput> {
  if (!profile.design) return {};
  const { background_image_url, background_music_url, font_family, youtube_url, ...rest } = profile.design;
  return normalizeDesign({
    ...rest,
    ...(font_family !== undefined && { font_family: storedFontName(font_family) }),
    youtube_url: youtube_url || null,
    background_image_url: await images.store(tx, background_image_url ?? null, "background"),
    background_music_url: await images.store(tx, background_music_url ?? null, "music"),
  });
}

function newSlug(profile: DraftProfile, index: number, input: ApplyInput): string {
  const wanted = index === 0 && input.slug ? input.slug : input.source === "linkbio" ? profile.slug : null;
  if (!wanted) throw badRequest("slug", SLUG_NEEDED);
  const parsed = slugSchema.safeParse(wanted);
  if (!parsed.success) throw badRequest("slug", `${wanted}: ${parsed.error.issues[0]?.message ?? "not a valid username"}`);
  assertNotReserved(parsed.data);
  return parsed.data;
}

/**
 * Imports what the creator ticked in the preview, all or nothing: the source is read again (and must
 * match the preview's fingerprint), images are copied first, then one transaction writes the links
 * after the current profile's own, or creates the new profile(s).
 */
export async function applyImport(db: PrismaClient, input: ApplyInput, caller: ImportCaller): Promise<ImportResult> {
  const draft = await readSource(input, caller);
  if (input.fingerprint && toPreview(draft).fingerprint !== input.fingerprint) throw badRequest("fingerprint", SOURCE_CHANGED);
  const notes = [...draft.notImported];
  const profiles = input.target === "new" ? chosen(draft.profiles, input.include) : chosen(draft.profiles, input.include).slice(0, 1);
  if (input.target === "current") {
    const rest = chosen(draft.profiles, input.include).slice(1);
    profiles[0]!.links.push(...rest.flatMap((profile) => profile.links));
    if (draft.profiles.some((profile) => profile.design)) notes.push("The design (only a new profile takes an exported design)");
    const first = profiles[0]!;
    if (!first.links.length && !first.display_name && !first.bio && !first.avatar) throw badRequest("include", NOTHING_CHOSEN);
  }
  const slugs = input.target === "new" ? profiles.map((profile, index) => newSlug(profile, index, input)) : [];
  const current = input.target === "current" ? await requireCurrentProfile(db, caller.userId) : null;

  const images = new ImageCopies(notes);
  const wanted = profiles
    .flatMap((profile): [ImageSource | null, UploadPurpose, string][] => [
      [profile.avatar, "avatar", `The avatar of ${profile.display_name || profile.slug || "the page"}`],
      ...(input.target === "new" && profile.design
        ? ([
            [profile.design.background_image_url ?? null, "background", "The background image"],
            [profile.design.background_music_url ?? null, "music", "The background music"],
          ] satisfies [ImageSource | null, UploadPurpose, string][])
        : []),
      ...profile.links.flatMap(({ link, thumbnail, icon }): [ImageSource | null, UploadPurpose, string][] => [
        [thumbnail, "thumbnail", `The thumbnail of "${link.title}"`],
        [icon, "icon", `The icon of "${link.title}"`],
      ]),
    ])
    .filter((entry): entry is [ImageSource, UploadPurpose, string] => entry[0] !== null);
  if (wanted.some(([source]) => !source.startsWith("data:")) && !input.url) await chargeFetch(caller);
  const progress = (phase: ImportPhase, done: number) =>
    reportProgress(input.progress_key, caller.userId, { phase, done, total: wanted.length + 1 });
  for (const [index, [source, purpose, what]] of wanted.entries()) {
    progress("images", index);
    await images.add(source, purpose, what);
  }
  progress("saving", wanted.length);

  try {
    const profileId = await db.$transaction(
      async (tx) => {
        if (current) {
          await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${current.id} FOR UPDATE`;
          const first = profiles[0]!;
          const start = await tx.link.count({ where: { profile_id: current.id } });
          await createLinks(tx, caller.userId, images, current.id, start, first.links);
          const avatar = await images.store(tx, first.avatar, "avatar");
          const updated = await tx.profile.update({
            where: { id: current.id },
            data: {
              ...(first.display_name && { display_name: first.display_name }),
              ...(first.bio && { bio: first.bio }),
              ...(avatar && { avatar_url: avatar }),
            },
          });
          await recordWebhookEvent(tx, { userId: caller.userId, type: "profile.updated", data: toProfileDto(updated) });
          return current.id;
        }
        await lockUser(tx, caller.userId);
        const existing = await tx.profile.count({ where: { user_id: caller.userId } });
        if (existing + profiles.length > env.MAX_PROFILES_PER_ACCOUNT) throw badRequest("target", profileLimitMessage());
        const ids: string[] = [];
        for (const [index, profile] of profiles.entries()) {
          const created = await tx.profile.create({
            data: {
              user_id: caller.userId,
              slug: slugs[index]!,
              display_name: profile.display_name,
              bio: profile.bio,
              avatar_url: await images.store(tx, profile.avatar, "avatar"),
              ...(profile.settings && {
                title: profile.settings.title.slice(0, 60),
                profile_visibility: profile.settings.profile_visibility as Profile["profile_visibility"],
                show_click_stats: profile.settings.show_click_stats,
              }),
              is_primary: existing === 0 && index === 0,
              design: { create: await designFor(tx, images, profile) },
            },
          });
          await createLinks(tx, caller.userId, images, created.id, 0, profile.links);
          ids.push(created.id);
        }
        return ids[0]!;
      },
      { timeout: 60_000, maxWait: 10_000 },
    );
    const [profile, links] = await Promise.all([
      db.profile.findUniqueOrThrow({ where: { id: profileId } }),
      db.link.findMany({ where: { profile_id: profileId }, orderBy: [{ position: "asc" }, { created_at: "asc" }] }),
    ]);
    progress("done", wanted.length + 1);
    return { profile, links, notImported: notes };
  } catch (error) {
    progress("failed", wanted.length);
    if (isSlugConflict(error)) throw usernameTaken();
    throw error;
  }
}
