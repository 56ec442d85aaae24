import type { Link, PrismaClient } from "@/generated/prisma/client";
import type { NewLink } from "@/lib/schemas/link";
import { assertOneSignupBlock } from "./one-signup";

/** Appends links after the profile's last one, in the order given (position = list length). */
export async function appendLinks(db: PrismaClient, profileId: string, links: NewLink[]): Promise<Link[]> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${profileId} FOR UPDATE`;
    await assertOneSignupBlock(tx, profileId, links.filter((link) => link.link_type === "signup").length);
    const start = await tx.link.count({ where: { profile_id: profileId } });
    const created: Link[] = [];
    for (const [index, link] of links.entries()) {
      created.push(await tx.link.create({ data: { ...link, profile_id: profileId, position: start + index } }));
    }
    return created;
  });
}
