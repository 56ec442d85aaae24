import type { PrismaClient } from "@/generated/prisma/client";
import { storedFontName } from "@/lib/design/fonts";
import { normalizeDesign } from "@/lib/design/normalize";
import type { DesignData } from "@/lib/public-profile";
import type { DesignInput } from "@/lib/schemas/design";
import { resolveUpload } from "../assets/assets";
import { requireCurrentProfile } from "../profiles/profiles";

export async function getDesign(db: PrismaClient, userId: string): Promise<DesignData> {
  const profile = await requireCurrentProfile(db, userId);
  return normalizeDesign(await db.designSettings.findUnique({ where: { profile_id: profile.id } }));
}

/** Merges the sent fields into the current design; the stored result is always a normalised design. */
export async function saveDesign(db: PrismaClient, userId: string, input: DesignInput): Promise<DesignData> {
  const profile = await requireCurrentProfile(db, userId);
  const existing = await db.designSettings.findUnique({ where: { profile_id: profile.id } });
  const { background_image_url, background_music_url, font_family, youtube_url, ...rest } = input;
  const changes = {
    ...rest,
    ...(font_family !== undefined && { font_family: storedFontName(font_family) }),
    ...(youtube_url !== undefined && { youtube_url: youtube_url || null }),
    ...(background_image_url !== undefined && {
      background_image_url: await resolveUpload(db, "background", "background_image_url", background_image_url),
    }),
    ...(background_music_url !== undefined && {
      background_music_url: await resolveUpload(db, "music", "background_music_url", background_music_url),
    }),
  };
  const design = normalizeDesign({ ...existing, ...changes });
  await db.designSettings.upsert({
    where: { profile_id: profile.id },
    create: { profile_id: profile.id, ...design },
    update: design,
  });
  return design;
}
