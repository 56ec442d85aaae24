// The two links a subscriber's messages carry: a confirmation link (a random token, stored hashed,
// valid 7 days) and an unsubscribe link (the subscriber's id signed with AUTH_SECRET, valid as long
// as the row exists). Neither is an account credential (docs/product/audience.md#links-in-the-messages).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/server/config/env";

export const CONFIRM_LINK_DAYS = 7;
export const CONFIRM_LINK_MS = CONFIRM_LINK_DAYS * 24 * 60 * 60_000;

export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmToken(token) };
}

export const hashConfirmToken = (token: string) => createHash("sha256").update(token).digest("hex");

function signature(subscriberId: string): string {
  return createHmac("sha256", env.authSecret).update(`audience-unsubscribe:${subscriberId}`).digest("base64url");
}

export function unsubscribeToken(subscriberId: string): string {
  return `${subscriberId}.${signature(subscriberId)}`;
}

/** The subscriber an unsubscribe token names, or null when it is not ours. */
export function readUnsubscribeToken(token: string): string | null {
  const [id, mac] = token.split(".");
  if (!id || !mac || !/^c[a-z0-9]{24}$/.test(id)) return null;
  const expected = Buffer.from(signature(id));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
