import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { loadPublicProfile } from "@/server/services/public-profile";
import { registeredUser } from "./helpers";

async function creator() {
  const user = await registeredUser("links");
  const profile = await user.caller.profile.updateSlug({ slug: `l_${randomUUID().slice(0, 8)}` });
  return { ...user, profile };
}

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("link rules", () => {
  it("adds https:// when the scheme is missing and appends new links at the end", async () => {
    const { caller } = await creator();
    const first = await caller.link.create({ title: "Site", url: "example.com/page" });
    const second = await caller.link.create({ title: "Mail", url: "mailto:hi@example.com", position: 0 });
    expect(first).toMatchObject({ url: "https://example.com/page", position: 0, link_type: "regular", is_active: true });
    expect(second).toMatchObject({ url: "mailto:hi@example.com", position: 1 });
    await expect(caller.link.create({ title: "Call", url: "tel:+15551234" })).resolves.toMatchObject({ position: 2 });
  });

  it.each(["javascript:alert(1)", "data:text/html,<b>x</b>", "vbscript:msgbox", "not a url", "http://nohost"])(
    "refuses %j with 'Please enter a valid URL'",
    async (url) => {
      const { caller, profile } = await creator();
      const error = await rejection(caller.link.create({ title: "Bad", url }));
      expect(error.message).toBe("Please enter a valid URL");
      expect(await db().link.count({ where: { profile_id: profile.id } })).toBe(0);
    },
  );

  it("requires a title of at most 200 characters, and a URL unless the link is a header", async () => {
    const { caller } = await creator();
    expect((await rejection(caller.link.create({ title: "  ", url: "example.com" }))).message).toBe("Title is required");
    await expect(caller.link.create({ title: "x".repeat(200), url: "example.com" })).resolves.toMatchObject({ title: "x".repeat(200) });
    expect((await rejection(caller.link.create({ title: "x".repeat(201), url: "example.com" }))).message).toBe(
      "Title must be less than 200 characters",
    );
    expect((await rejection(caller.link.create({ title: "No URL" }))).message).toBe("URL is required for non-header links");
    await expect(caller.link.create({ title: "Section", link_type: "header" })).resolves.toMatchObject({ url: "", link_type: "header" });
  });

  it("keeps a username only for social, music and video links, and trims UTM values", async () => {
    const { caller } = await creator();
    const social = await caller.link.create({ title: "IG", url: "instagram.com/maya", link_type: "social", username: "maya" });
    const regular = await caller.link.create({ title: "Site", url: "maya.dev", username: "ignored", utm_source: "  bio ", utm_medium: "" });
    expect(social.username).toBe("maya");
    expect(regular).toMatchObject({ username: null, utm_source: "bio", utm_medium: null });
    expect((await rejection(caller.link.create({ title: "Long", url: "a.com", utm_campaign: "x".repeat(101) }))).code).toBe("BAD_REQUEST");
  });

  it("never lets a partial update leave a link invalid or reset other fields", async () => {
    const { caller } = await creator();
    const link = await caller.link.create({ title: "Shop", url: "shop.com", is_adult: true, utm_source: "bio" });
    const renamed = await caller.link.update({ id: link.id, data: { title: "Store" } });
    expect(renamed).toMatchObject({ title: "Store", url: "https://shop.com", is_adult: true, utm_source: "bio", is_active: true });
    expect((await rejection(caller.link.update({ id: link.id, data: { url: "javascript:void(0)" } }))).message).toBe(
      "Please enter a valid URL",
    );
    expect((await rejection(caller.link.update({ id: link.id, data: { url: "" } }))).message).toBe("URL is required for non-header links");
    expect((await caller.link.get({ id: link.id })).url).toBe("https://shop.com");
  });

  it("toggles, duplicates right after the original, and deletes closing the gap", async () => {
    const { caller } = await creator();
    const [a, b, c] = [
      await caller.link.create({ title: "A", url: "a.com" }),
      await caller.link.create({ title: "B", url: "b.com", utm_source: "x" }),
      await caller.link.create({ title: "C", url: "c.com" }),
    ];
    await expect(caller.link.toggle({ id: b.id })).resolves.toEqual({ id: b.id, is_active: false });
    const copy = await caller.link.duplicate({ id: b.id });
    expect(copy).toMatchObject({ title: "B (copy)", url: "https://b.com", utm_source: "x", is_active: false, clicks: 0, position: 2 });
    // A title at the limit stays within it.
    const long = await caller.link.create({ title: "L".repeat(200), url: "l.com" });
    const longCopy = await caller.link.duplicate({ id: long.id });
    expect([longCopy.title.length, longCopy.title.endsWith(" (copy)")]).toEqual([200, true]);
    await caller.link.delete({ id: long.id });
    await caller.link.delete({ id: longCopy.id });
    expect((await caller.link.list()).map((link) => link.id)).toEqual([a.id, b.id, copy.id, c.id]);
    await caller.link.delete({ id: b.id });
    expect((await caller.link.list()).map((link) => [link.id, link.position])).toEqual([
      [a.id, 0],
      [copy.id, 1],
      [c.id, 2],
    ]);
  });

  it("reorders only with the full list of the current profile's own ids, atomically", async () => {
    const { caller } = await creator();
    const ids = [];
    for (const title of ["One", "Two", "Three"]) ids.push((await caller.link.create({ title, url: `${title}.com` })).id);
    const reordered = await caller.link.reorder({ link_ids: [ids[2]!, ids[0]!, ids[1]!] });
    expect(reordered.map((link) => link.title)).toEqual(["Three", "One", "Two"]);
    const partial = await rejection(caller.link.reorder({ link_ids: [ids[0]!, ids[1]!] }));
    expect(partial.code).toBe("BAD_REQUEST");
    const duplicated = await rejection(caller.link.reorder({ link_ids: [ids[0]!, ids[0]!, ids[1]!] }));
    expect(duplicated.code).toBe("BAD_REQUEST");
    expect((await caller.link.list()).map((link) => link.title)).toEqual(["Three", "One", "Two"]);
  });

  it("shows links publicly only while active and inside their schedule", async () => {
    const { caller, profile } = await creator();
    const hour = 3_600_000;
    await caller.link.create({ title: "Always", url: "a.com" });
    await caller.link.create({ title: "Hidden", url: "b.com", is_active: false });
    await caller.link.create({ title: "Later", url: "c.com", starts_at: new Date(Date.now() + hour) });
    await caller.link.create({ title: "Over", url: "d.com", ends_at: new Date(Date.now() - hour) });
    await caller.link.create({ title: "Now", url: "e.com", starts_at: new Date(Date.now() - hour), ends_at: new Date(Date.now() + hour) });
    expect(
      (
        await rejection(
          caller.link.create({ title: "Backwards", url: "f.com", starts_at: new Date(), ends_at: new Date(Date.now() - hour) }),
        )
      ).message,
    ).toBe("End time must be after start time");
    const page = await loadPublicProfile(getDatabase().sql, profile.slug);
    expect(page.status === "ok" && page.data.links.map((link) => link.title)).toEqual(["Always", "Now"]);
  });
});

describe("another user's links", () => {
  it("are refused for every read and write", async () => {
    const owner = await creator();
    const link = await owner.caller.link.create({ title: "Mine", url: "mine.com" });
    const other = await owner.caller.link.create({ title: "Also mine", url: "mine2.com" });
    const stranger = await creator();
    const attempts = [
      () => stranger.caller.link.get({ id: link.id }),
      () => stranger.caller.link.update({ id: link.id, data: { title: "Stolen" } }),
      () => stranger.caller.link.delete({ id: link.id }),
      () => stranger.caller.link.toggle({ id: link.id }),
      () => stranger.caller.link.duplicate({ id: link.id }),
      () => stranger.caller.link.reorder({ link_ids: [other.id, link.id] }),
    ];
    for (const attempt of attempts) expect((await rejection(attempt())).code).toBe("NOT_FOUND");
    expect(await stranger.caller.link.list()).toEqual([]);
    const untouched = await owner.caller.link.list();
    expect(untouched.map(({ title, is_active, position }) => ({ title, is_active, position }))).toEqual([
      { title: "Mine", is_active: true, position: 0 },
      { title: "Also mine", is_active: true, position: 1 },
    ]);
  });
});
