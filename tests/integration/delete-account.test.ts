import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { flushAnalytics, recordClick } from "@/server/services/analytics/ingest";
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

  it("is refused to anonymous callers", async () => {
    await expect(callerFor(null).auth.deleteAccount()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
