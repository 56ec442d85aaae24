import type { PrismaClient } from "@/generated/prisma/client";
import { pageNameOf } from "../public-profile";
import { pageAddressOf } from "../share/page-address";
import { recordWebhookEvent } from "../webhooks/events";
import { toSubscriberDto } from "./subscribers";
import { hashConfirmToken } from "./tokens";

/** What a confirmation link is, as its page tells the visitor. */
export type ConfirmState =
  { state: "invalid" } | { state: "expired" | "pending" | "subscribed"; subscriberId: string; name: string; pageUrl: string };

const MAX_TOKEN_LENGTH = 200;

/** Reads a confirmation link without changing anything (the page a mail scanner may open). */
export async function confirmState(db: PrismaClient, token: string, now = new Date()): Promise<ConfirmState> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { state: "invalid" };
  const row = await db.subscriber.findUnique({
    where: { confirm_token_hash: hashConfirmToken(token) },
    include: { profile: { select: { slug: true, display_name: true, title: true } } },
  });
  if (!row || row.status === "unsubscribed") return { state: "invalid" };
  const page = { subscriberId: row.id, name: pageNameOf(row.profile), pageUrl: pageAddressOf(row.profile.slug) };
  if (row.status === "subscribed") return { state: "subscribed", ...page };
  return { state: row.confirm_expires_at && row.confirm_expires_at > now ? "pending" : "expired", ...page };
}

/**
 * Confirms a pending subscription; the only place a subscriber becomes "subscribed". Opening a
 * used link again answers "subscribed" without changing anything.
 */
export async function confirmSubscription(db: PrismaClient, token: string, now = new Date()): Promise<ConfirmState> {
  const state = await confirmState(db, token, now);
  if (state.state !== "pending") return state;
  await db.$transaction(async (tx) => {
    const { count } = await tx.subscriber.updateMany({
      where: { id: state.subscriberId, status: "pending", confirm_expires_at: { gt: now } },
      data: { status: "subscribed", confirmed_at: now },
    });
    if (count === 0) return;
    // A new subscriber is a `subscriber.created` event, committed with the confirmation itself.
    const row = await tx.subscriber.findUniqueOrThrow({
      where: { id: state.subscriberId },
      include: { profile: { select: { user_id: true } } },
    });
    await recordWebhookEvent(tx, { userId: row.profile.user_id, type: "subscriber.created", data: toSubscriberDto(row) });
  });
  return { ...state, state: "subscribed" };
}
