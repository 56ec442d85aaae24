import { createHmac, timingSafeEqual } from "node:crypto";
import type { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/server/config/env";
import { appLink } from "../mail/layout";

export type MailingList = "digest" | "monthly";
const LISTS: readonly MailingList[] = ["digest", "monthly"];

function signature(payload: string): string {
  return createHmac("sha256", env.authSecret).update(`unsubscribe:${payload}`).digest("base64url");
}

/** A token naming the account and the list, signed so nobody can unsubscribe someone else. */
export function unsubscribeToken(userId: string, list: MailingList): string {
  const payload = `${userId}.${list}`;
  return `${Buffer.from(payload).toString("base64url")}.${signature(payload)}`;
}

export function readUnsubscribeToken(token: string): { userId: string; list: MailingList } | null {
  const [encoded, mac] = token.split(".");
  if (!encoded || !mac) return null;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(signature(payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, list] = payload.split(".");
  if (!userId || !LISTS.includes(list as MailingList)) return null;
  return { userId, list: list as MailingList };
}

/** The body's link (a page that confirms) and the List-Unsubscribe headers (RFC 8058 one-click POST). */
export function unsubscribeParts(userId: string, list: MailingList): { pageUrl: string; headers: Record<string, string> } {
  const token = unsubscribeToken(userId, list);
  return {
    pageUrl: appLink("/unsubscribe", { token }),
    headers: {
      "List-Unsubscribe": `<${appLink("/api/unsubscribe", { token })}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** Turns the list's switches off; false for a token that is not ours or an account that is gone. */
export async function unsubscribe(db: PrismaClient, token: string): Promise<MailingList | null> {
  const parsed = readUnsubscribeToken(token);
  if (!parsed) return null;
  const data =
    parsed.list === "digest" ? { link_click_notifications: false, profile_view_notifications: false } : { monthly_report: false };
  const { count } = await db.userSettings.updateMany({ where: { user_id: parsed.userId }, data });
  return count === 1 ? parsed.list : null;
}
