import type { PrismaClient } from "@/generated/prisma/client";
import { pageNameOf } from "../public-profile";
import { pageAddressOf } from "../share/page-address";
import { readUnsubscribeToken } from "./tokens";

const MAX_TOKEN_LENGTH = 200;

/**
 * One click, final until the address signs up again: the confirmation link stops working too. A
 * token for a row that is gone (the creator removed it) still answers true: nothing is kept to mail.
 */
export async function unsubscribeSubscriber(db: PrismaClient, token: string, now = new Date()): Promise<boolean> {
  const id = token.length <= MAX_TOKEN_LENGTH ? readUnsubscribeToken(token) : null;
  if (!id) return false;
  await db.subscriber.updateMany({
    where: { id, status: { not: "unsubscribed" } },
    data: { status: "unsubscribed", unsubscribed_at: now, confirm_token_hash: null, confirm_expires_at: null },
  });
  return true;
}

/** What an unsubscribe link's page says before the click: whose emails, and whether it is done already. */
export async function unsubscribeState(
  db: PrismaClient,
  token: string,
): Promise<{ valid: false } | { valid: true; unsubscribed: boolean; name: string | null; pageUrl: string | null }> {
  const id = token.length <= MAX_TOKEN_LENGTH ? readUnsubscribeToken(token) : null;
  if (!id) return { valid: false };
  const row = await db.subscriber.findUnique({
    where: { id },
    select: { status: true, profile: { select: { slug: true, display_name: true, title: true } } },
  });
  if (!row) return { valid: true, unsubscribed: true, name: null, pageUrl: null };
  return {
    valid: true,
    unsubscribed: row.status === "unsubscribed",
    name: pageNameOf(row.profile),
    pageUrl: pageAddressOf(row.profile.slug),
  };
}
