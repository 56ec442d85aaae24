import type { PrismaClient } from "@/generated/prisma/client";
import { ASSET_URL_PREFIX } from "../assets/assets";
import { accountDeletedNotice } from "../mail/messages";
import { enqueueMail } from "../mail/outbox";
import { getUser } from "./accounts";
import { markSessionsEnded } from "./session-cache";

const assetIdOf = (url: string | null) => (url?.startsWith(ASSET_URL_PREFIX) ? url.slice(ASSET_URL_PREFIX.length) : null);

/**
 * Deletes the account and everything it owns: profiles, links, designs, settings, tokens and
 * analytics go by cascade. Uploaded images are shared by content hash, so each of the account's
 * images is deleted unless another account's profile or design still shows it. The caller proved
 * who they are (sudo mode); the address gets a notice.
 */
export async function deleteAccount(db: PrismaClient, userId: string): Promise<void> {
  const user = await getUser(db, userId);
  const sessions = await db.$transaction(async (tx) => {
    // The address is told, so a deletion by someone else holding a session does not go unnoticed.
    await enqueueMail(tx, { to: user.email, ...accountDeletedNotice() });
    const profiles = await tx.profile.findMany({
      where: { user_id: userId },
      select: { avatar_url: true, profile_image: true, design: { select: { background_image_url: true } } },
    });
    const assetIds = [
      ...new Set(
        profiles
          .flatMap((profile) => [profile.avatar_url, profile.profile_image, profile.design?.background_image_url ?? null])
          .map(assetIdOf)
          .filter((id): id is string => id !== null),
      ),
    ];
    const ended = await tx.session.findMany({ where: { user_id: userId }, select: { id: true } });
    await tx.user.delete({ where: { id: userId } });
    for (const id of assetIds) {
      const url = `${ASSET_URL_PREFIX}${id}`;
      const [profileUses, designUses] = await Promise.all([
        tx.profile.count({ where: { OR: [{ avatar_url: url }, { profile_image: url }] } }),
        tx.designSettings.count({ where: { background_image_url: url } }),
      ]);
      if (profileUses + designUses === 0) await tx.asset.deleteMany({ where: { id } });
    }
    return ended;
  });
  // The sessions went with the account by cascade; this instance must stop honouring them now, not when its cache expires.
  markSessionsEnded(
    sessions.map((session) => session.id),
    Date.now(),
  );
}
