import type { Link, PrismaClient } from "@/generated/prisma/client";
import type { NewLink } from "@/lib/schemas/link";
import { recordWebhookEvent } from "../webhooks/events";
import { toLinkDto } from "./serialize";
import { assertOneSignupBlock } from "./one-signup";

/** Appends links after the profile's last one, in the order given (position = list length); each is a `link.created` event. */
export async function appendLinks(db: PrismaClient, profileId: string, links: NewLink[]): Promise<Link[]> {
  return db.$transaction(async (tx) => {
    const [profile] = await tx.$queryRaw<{ user_id: string }[]>`SELECT user_id FROM "Profile" WHERE id = ${profileId} FOR UPDATE`;
    await assertOneSignupBlock(tx, profileId, links.filter((link) => link.link_type === "signup").length);
    const start = await tx.link.count({ where: { profile_id: profileId } });
    const created: Link[] = [];
    for (const [index, link] of links.entries()) {
      const row = await tx.link.create({ data: { ...link, profile_id: profileId, position: start + index } });
      if (profile) await recordWebhookEvent(tx, { userId: profile.user_id, type: "link.created", data: toLinkDto(row) });
      created.push(row);
    }
    return created;
  });
}
