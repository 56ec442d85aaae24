import type { PrismaClient } from "@/generated/prisma/client";
import type { Recipient } from "./reports";

/**
 * Accounts that asked for this kind of message: the master switch on, the kind's switch on, and a
 * verified address (a mistyped address is never sent reports).
 */
export async function reportRecipients(db: PrismaClient, kind: "digest" | "monthly"): Promise<Recipient[]> {
  const rows = await db.user.findMany({
    where: {
      email_verified_at: { not: null },
      settings: {
        email_notifications: true,
        ...(kind === "monthly"
          ? { monthly_report: true }
          : { OR: [{ link_click_notifications: true }, { profile_view_notifications: true }] }),
      },
    },
    select: {
      id: true,
      email: true,
      settings: { select: { time_zone: true, link_click_notifications: true, profile_view_notifications: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    time_zone: row.settings?.time_zone ?? "UTC",
    wantsViews: row.settings?.profile_view_notifications ?? false,
    wantsClicks: row.settings?.link_click_notifications ?? false,
  }));
}
