import type { Prisma } from "@/generated/prisma/client";
import { ServiceError } from "../errors";

export const ONE_SIGNUP_MESSAGE = "A page can have only one email sign-up block";

/**
 * Refuses a page a second sign-up block (docs/product/audience.md#the-sign-up-block). Callers hold
 * the profile row's lock, so two requests cannot both pass.
 */
export async function assertOneSignupBlock(tx: Prisma.TransactionClient, profileId: string, adding: number, exceptLinkId?: string) {
  if (adding === 0) return;
  const existing = await tx.link.count({
    where: { profile_id: profileId, link_type: "signup", ...(exceptLinkId && { id: { not: exceptLinkId } }) },
  });
  if (existing + adding > 1) throw new ServiceError("BAD_REQUEST", ONE_SIGNUP_MESSAGE, { fields: { link_type: [ONE_SIGNUP_MESSAGE] } });
}
