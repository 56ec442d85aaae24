import type { Link, Prisma, PrismaClient } from "@/generated/prisma/client";
import { ownAssetId } from "@/lib/asset-url";
import { linkDraft, TITLE_MAX_LENGTH, type CreateLinkInput, type LinkPatch, type NewLink } from "@/lib/schemas/link";
import { resolveUpload } from "../assets/assets";
import { ServiceError } from "../errors";
import { requireCurrentProfile } from "../profiles/profiles";
import { recordWebhookEvent } from "../webhooks/events";
import { appendLinks } from "./create";
import { toLinkDto } from "./serialize";
import { refreshEmbedMetadata } from "./embed-metadata";
import { assertOneSignupBlock } from "./one-signup";

type Tx = Prisma.TransactionClient;

const notFound = () => new ServiceError("NOT_FOUND", "Link not found");

function validLink(input: unknown): NewLink {
  const parsed = linkDraft.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const issue of parsed.error.issues) (fields[issue.path.join(".") || "detail"] ??= []).push(issue.message);
  throw new ServiceError("BAD_REQUEST", parsed.error.issues[0]?.message ?? "Invalid link", { fields });
}

/** Sent images become assets (data URLs stored once, asset URLs checked); nothing else is kept. */
async function withStoredImages(db: PrismaClient, link: NewLink, sent: LinkPatch): Promise<NewLink> {
  return {
    ...link,
    ...(sent.thumbnail !== undefined && { thumbnail: await resolveUpload(db, "thumbnail", "thumbnail", link.thumbnail) }),
    ...(sent.icon_url !== undefined && { icon_url: await resolveUpload(db, "icon", "icon_url", link.icon_url) }),
  };
}

/** A link of any of the user's profiles; anyone else's is "not found", never "forbidden". */
export async function getOwnLink(db: PrismaClient | Tx, userId: string, linkId: string): Promise<Link> {
  const link = await db.link.findFirst({ where: { id: linkId, profile: { user_id: userId } } });
  if (!link) throw notFound();
  return link;
}

export async function listLinks(db: PrismaClient, userId: string): Promise<Link[]> {
  const profile = await requireCurrentProfile(db, userId);
  return db.link.findMany({ where: { profile_id: profile.id }, orderBy: [{ position: "asc" }, { created_at: "asc" }] });
}

/** New links go to the end of the current profile's list (position = list length). */
export async function createLink(db: PrismaClient, userId: string, input: CreateLinkInput): Promise<Link> {
  const { order: _order, position: _position, ...fields } = input;
  const profile = await requireCurrentProfile(db, userId);
  const [link] = await appendLinks(db, profile.id, [await withStoredImages(db, validLink(fields), fields)]);
  return refreshEmbedMetadata(db, link!);
}

/** Applies the patch, then checks the whole link again, so no update can leave it invalid. */
export async function updateLink(db: PrismaClient, userId: string, linkId: string, patch: LinkPatch): Promise<Link> {
  const existing = await getOwnLink(db, userId, linkId);
  const merged = validLink({ ...pickFields(existing), ...patch });
  const data = await withStoredImages(db, merged, patch);
  const updated = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${existing.profile_id} FOR UPDATE`;
    await assertOneSignupBlock(tx, existing.profile_id, data.link_type === "signup" ? 1 : 0, linkId);
    const link = await tx.link.update({ where: { id: linkId }, data });
    await recordWebhookEvent(tx, { userId, type: "link.updated", data: toLinkDto(link) });
    return link;
  });
  return refreshEmbedMetadata(db, updated);
}

/** The stored fields a patch is merged into; an image that is not an own asset (older data) is dropped. */
function pickFields(link: Link) {
  const {
    id: _id,
    profile_id: _profile,
    clicks: _clicks,
    position: _position,
    created_at: _created,
    updated_at: _updated,
    embed_key: _embedKey,
    embed_title: _embedTitle,
    embed_thumbnail: _embedThumbnail,
    ...fields
  } = link;
  return {
    ...fields,
    thumbnail: ownAssetId(fields.thumbnail) ? fields.thumbnail : null,
    icon_url: ownAssetId(fields.icon_url) ? fields.icon_url : null,
  };
}

export async function deleteLink(db: PrismaClient, userId: string, linkId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const link = await getOwnLink(tx, userId, linkId);
    await tx.link.delete({ where: { id: link.id } });
    await recordWebhookEvent(tx, { userId, type: "link.deleted", data: toLinkDto(link) });
    await tx.link.updateMany({
      where: { profile_id: link.profile_id, position: { gt: link.position } },
      data: { position: { decrement: 1 } },
    });
  });
}

export async function toggleLink(db: PrismaClient, userId: string, linkId: string): Promise<Link> {
  return db.$transaction(async (tx) => {
    const link = await getOwnLink(tx, userId, linkId);
    const toggled = await tx.link.update({ where: { id: link.id }, data: { is_active: !link.is_active } });
    await recordWebhookEvent(tx, { userId, type: "link.updated", data: toLinkDto(toggled) });
    return toggled;
  });
}

const COPY_SUFFIX = " (copy)";

/** A copy's title: the original's with " (copy)", cut so it stays within the title limit; an empty title stays empty. */
export function copyTitle(title: string): string {
  return title ? `${title.slice(0, TITLE_MAX_LENGTH - COPY_SUFFIX.length)}${COPY_SUFFIX}` : title;
}

/** The copy's title says it is one (copyTitle); it sits right after the original; its click count starts at zero. */
export async function duplicateLink(db: PrismaClient, userId: string, linkId: string): Promise<Link> {
  return db.$transaction(async (tx) => {
    const original = await getOwnLink(tx, userId, linkId);
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${original.profile_id} FOR UPDATE`;
    await assertOneSignupBlock(tx, original.profile_id, original.link_type === "signup" ? 1 : 0);
    await tx.link.updateMany({
      where: { profile_id: original.profile_id, position: { gt: original.position } },
      data: { position: { increment: 1 } },
    });
    const fields = pickFields(original);
    const { embed_key, embed_title, embed_thumbnail } = original;
    const copy = await tx.link.create({
      data: {
        ...fields,
        embed_key,
        embed_title,
        embed_thumbnail,
        title: copyTitle(fields.title),
        profile_id: original.profile_id,
        position: original.position + 1,
      },
    });
    await recordWebhookEvent(tx, { userId, type: "link.created", data: toLinkDto(copy) });
    return copy;
  });
}

/** Takes the full ordered list of the current profile's link ids and applies it in one transaction. */
export async function reorderLinks(db: PrismaClient, userId: string, linkIds: string[]): Promise<Link[]> {
  const profile = await requireCurrentProfile(db, userId);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${profile.id} FOR UPDATE`;
    const current = await tx.link.findMany({ where: { profile_id: profile.id }, select: { id: true } });
    const owned = new Set(current.map((link) => link.id));
    const unique = new Set(linkIds);
    if (linkIds.some((id) => !owned.has(id))) throw new ServiceError("NOT_FOUND", "Link not found");
    if (unique.size !== linkIds.length || unique.size !== owned.size) {
      const message = "link_ids must list every link of the profile exactly once";
      throw new ServiceError("BAD_REQUEST", message, { fields: { link_ids: [message] } });
    }
    for (const [position, id] of linkIds.entries()) await tx.link.update({ where: { id }, data: { position } });
    return tx.link.findMany({ where: { profile_id: profile.id }, orderBy: { position: "asc" } });
  });
}
