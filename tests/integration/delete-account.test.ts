import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { type ClickResult, flushAnalytics, recordClick } from "@/server/services/analytics/ingest";
import { callerFor, registeredUser } from "./helpers";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
/** A PNG whose bytes (and so whose content-addressed asset) no other test uses. */
const uniquePng = () => Buffer.concat([PNG, Buffer.from(randomUUID())]);
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

async function creatorWithPage(label: string) {
  const user = await registeredUser(label);
  const profile = await user.caller.profile.updateSlug({ slug: `${label}_${randomUUID().slice(0, 8)}` });
  return { ...user, profile };
}

describe("account deletion", () => {
  it("deletes the account with its profiles, links, analytics, and the images no one else shows", async () => {
    const owner = await creatorWithPage("leaver");
    const link = await owner.caller.link.create({ title: "Shop", url: "https://example.com/shop" });
    await owner.caller.profile.create({ display_name: "Second", slug: `second_${randomUUID().slice(0, 8)}` });
    const shared = dataUrl(uniquePng());
    const own = dataUrl(uniquePng());
    const { avatar_url: sharedUrl } = (await owner.caller.profile.updateMe({ avatar_url: shared })).profile!;
    const { background_image_url: ownUrl } = await owner.caller.design.save({ wallpaper_type: "image", background_image_url: own });
    const stayer = await creatorWithPage("stayer");
    await stayer.caller.profile.updateMe({ avatar_url: shared });
    await recordClick(link.id, { ip: "8.8.8.8", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0", referrer: null, headers: {} });
    await flushAnalytics();

    expect(await owner.caller.auth.deleteAccount()).toEqual({ success: true });

    expect(await db().user.count({ where: { id: owner.id } })).toBe(0);
    expect(await db().profile.count({ where: { user_id: owner.id } })).toBe(0);
    expect(await db().link.count({ where: { id: link.id } })).toBe(0);
    expect(await db().userSettings.count({ where: { user_id: owner.id } })).toBe(0);
    expect(await db().analyticsEvent.count({ where: { profile_id: owner.profile.id } })).toBe(0);
    expect(await db().analyticsDaily.count({ where: { profile_id: owner.profile.id } })).toBe(0);
    expect(await db().analyticsVisitorDay.count({ where: { profile_id: owner.profile.id } })).toBe(0);
    const assetId = (url: string | null | undefined) => url!.split("/").pop()!;
    expect(await db().asset.count({ where: { id: assetId(ownUrl) } })).toBe(0);
    expect(await db().asset.count({ where: { id: assetId(sharedUrl) } })).toBe(1);
    expect((await stayer.caller.profile.me()).profile?.avatar_url).toBe(sharedUrl);

    const afterwards = await owner.caller.auth.me().then(
      () => null,
      (error: unknown) => error,
    );
    expect(afterwards).toBeInstanceOf(TRPCError);
    expect((afterwards as TRPCError).code).toBe("UNAUTHORIZED");
    await expect(owner.caller.auth.login({ email: owner.email, password: owner.password })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  // The event tables have no foreign key to Profile (schema.prisma): the batch's daily rows check it once.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))("a click whose batch meets its page's deletion writes nothing", async () => {
    const owner = await creatorWithPage("racer");
    const link = await owner.caller.link.create({ title: "Shop", url: "https://example.com/shop" });
    const sql = getDatabase().sql;
    let click: Promise<ClickResult> | undefined;
    await sql.transaction(async (deleting) => {
      await deleting.query(`DELETE FROM "Profile" WHERE id = $1`, [owner.profile.id]);
      // The batch still finds the link (the deletion has not committed) and waits for the profile's row, then fails and is retried.
      click = recordClick(link.id, {
        ip: "8.8.8.8",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0",
        referrer: null,
        headers: {},
      });
      for (let waited = 0; ; waited += 20) {
        const [row] = await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (row!.n > 0) break;
        if (waited > 10_000) throw new Error("The click's batch never waited for the profile's row");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expect(await click).toEqual({ recorded: false, found: false, reason: "unknown_link" });
    expect(await db().analyticsEvent.count({ where: { profile_id: owner.profile.id } })).toBe(0);
    expect(await db().analyticsVisitorDay.count({ where: { profile_id: owner.profile.id } })).toBe(0);
  });

  it("is refused to anonymous callers", async () => {
    await expect(callerFor(null).auth.deleteAccount()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
