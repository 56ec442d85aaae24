import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { callerFor, registeredUser } from "./helpers";

const uniqueSlug = (label = "p") => `${label}_${randomUUID().slice(0, 8)}`;

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("slug rules", () => {
  it.each([
    ["", "Please enter a username"],
    ["ab", "Username must be at least 3 characters"],
    ["a".repeat(31), "Username must be at most 30 characters"],
    ["has space", "Username can only contain letters, numbers, underscores and hyphens"],
    ["emoji😀", "Username can only contain letters, numbers, underscores and hyphens"],
  ])("refuses %j with %j", async (slug, message) => {
    const { caller } = await registeredUser();
    const error = await rejection(caller.profile.updateSlug({ slug }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(error.cause)).toContain(message);
  });

  it("accepts letters, digits, underscores and hyphens, stored lower-cased", async () => {
    const { caller } = await registeredUser();
    const slug = uniqueSlug("Mixed-Case");
    const profile = await caller.profile.updateSlug({ slug });
    expect(profile.slug).toBe(slug.toLowerCase());
  });

  it.each([
    "login",
    "register",
    "dashboard",
    "links",
    "design",
    "analytics",
    "insights",
    "settings",
    "help",
    "pricing",
    "onboarding",
    "shop",
    "audience",
    "api",
    "404",
    "docs",
  ])("reports the app path %j as reserved, not taken", async (slug) => {
    const { caller } = await registeredUser();
    await expect(caller.profile.checkSlug({ slug: slug.toUpperCase() })).resolves.toEqual({ slug, available: false, reason: "reserved" });
    const error = await rejection(caller.profile.updateSlug({ slug }));
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: "This username is reserved" });
    const created = await rejection(caller.profile.create({ display_name: "App path", slug }));
    expect(created).toMatchObject({ code: "BAD_REQUEST", message: "This username is reserved" });
  });

  it.each(["ab", "Maya Test!", "a".repeat(31), ""])(
    "answers a malformed username %j as invalid rather than refusing the check",
    async (slug) => {
      const { caller } = await registeredUser();
      await expect(caller.profile.checkSlug({ slug })).resolves.toMatchObject({ available: false, reason: "invalid" });
    },
  );

  it("cannot reach the shorter app paths at all (u), since slugs have at least 3 characters", async () => {
    const { caller } = await registeredUser();
    expect((await rejection(caller.profile.updateSlug({ slug: "u" }))).code).toBe("BAD_REQUEST");
  });

  it("is unique regardless of case", async () => {
    const first = await registeredUser();
    const second = await registeredUser();
    const slug = uniqueSlug("owner");
    await first.caller.profile.updateSlug({ slug });
    await expect(second.caller.profile.checkSlug({ slug: slug.toUpperCase() })).resolves.toEqual({
      slug,
      available: false,
      reason: "taken",
    });
    const error = await rejection(second.caller.profile.updateSlug({ slug: slug.toUpperCase() }));
    expect(error).toMatchObject({ code: "CONFLICT", message: "This username is already taken" });
    // The owner's own slug counts as available to the owner.
    await expect(first.caller.profile.checkSlug({ slug })).resolves.toEqual({ slug, available: true });
  });

  it("lets exactly one of two simultaneous claims win", async () => {
    const [one, two, three] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const slug = uniqueSlug("race");
    const results = await Promise.allSettled([
      one.caller.profile.updateSlug({ slug }),
      two.caller.profile.updateSlug({ slug }),
      three.caller.profile.create({ display_name: "Three", slug }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((result) => result.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "CONFLICT", message: "This username is already taken" });
    }
    expect(await db().profile.count({ where: { slug } })).toBe(1);
  });
});

describe("several profiles", () => {
  async function userWithTwoProfiles() {
    const user = await registeredUser();
    const first = await user.caller.profile.updateSlug({ slug: uniqueSlug("first") });
    const second = await user.caller.profile.create({ display_name: "Second", slug: uniqueSlug("second"), bio: "Hi" });
    return { ...user, first, second };
  }

  it("makes the first profile primary and keeps it current when another is created", async () => {
    const { caller, first, second } = await userWithTwoProfiles();
    expect(first.is_primary).toBe(true);
    expect(second).toMatchObject({ is_primary: false, display_name: "Second", bio: "Hi" });
    const list = await caller.profile.list();
    expect(list.map((profile) => profile.id)).toEqual([first.id, second.id]);
    await expect(caller.profile.current()).resolves.toMatchObject({ id: first.id });
  });

  it("holds at most MAX_PROFILES_PER_ACCOUNT profiles, with a clear refusal and nothing created", async () => {
    const previous = process.env.MAX_PROFILES_PER_ACCOUNT;
    process.env.MAX_PROFILES_PER_ACCOUNT = "3";
    try {
      const { caller } = await userWithTwoProfiles();
      await caller.profile.create({ display_name: "Third", slug: uniqueSlug("third") });
      const slug = uniqueSlug("fourth");
      const error = await rejection(caller.profile.create({ display_name: "Fourth", slug }));
      expect(error).toMatchObject({
        code: "BAD_REQUEST",
        message: "An account can hold at most 3 profiles. Delete one to create another.",
      });
      expect(await caller.profile.list()).toHaveLength(3);
      expect(await db().profile.findUnique({ where: { slug } })).toBeNull();
    } finally {
      if (previous === undefined) delete process.env.MAX_PROFILES_PER_ACCOUNT;
      else process.env.MAX_PROFILES_PER_ACCOUNT = previous;
    }
  });

  it("switches: the chosen profile becomes the only primary one", async () => {
    const { caller, first, second } = await userWithTwoProfiles();
    await caller.profile.switch({ id: second.id });
    const list = await caller.profile.list();
    expect(list.filter((profile) => profile.is_primary).map((profile) => profile.id)).toEqual([second.id]);
    await expect(caller.profile.current()).resolves.toMatchObject({ id: second.id });
    expect(list.find((profile) => profile.id === first.id)?.is_primary).toBe(false);
  });

  it("refuses to delete the only profile and promotes another when the current one is deleted", async () => {
    const { caller, first, second } = await userWithTwoProfiles();
    await expect(caller.profile.delete({ id: first.id })).resolves.toEqual({ wasCurrent: true });
    await expect(caller.profile.current()).resolves.toMatchObject({ id: second.id, is_primary: true });
    const error = await rejection(caller.profile.delete({ id: second.id }));
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: "Cannot delete your only profile" });
  });

  it("gives each profile its own design", async () => {
    const { caller, first, second } = await userWithTwoProfiles();
    await caller.design.applyTemplate({ template: "neon" });
    const designs = await db().designSettings.findMany({ where: { profile_id: { in: [first.id, second.id] } } });
    expect(designs.find((design) => design.profile_id === first.id)).toMatchObject({ button_variant: "neon" });
    expect(designs.find((design) => design.profile_id === second.id)).toMatchObject({ button_variant: "solid" });
  });

  it("never lets one user see or change another user's profiles", async () => {
    const owner = await userWithTwoProfiles();
    const stranger = await registeredUser();
    await stranger.caller.profile.updateSlug({ slug: uniqueSlug("stranger") });
    const target = { id: owner.second.id };
    for (const attempt of [
      () => stranger.caller.profile.get(target),
      () => stranger.caller.profile.update({ id: owner.second.id, data: { display_name: "Hijacked" } }),
      () => stranger.caller.profile.switch(target),
      () => stranger.caller.profile.delete(target),
    ]) {
      expect((await rejection(attempt())).code).toBe("NOT_FOUND");
    }
    expect((await stranger.caller.profile.list()).map((profile) => profile.id)).not.toContain(owner.second.id);
    const untouched = await db().profile.findUniqueOrThrow({ where: { id: owner.second.id } });
    expect(untouched).toMatchObject({ display_name: "Second", is_primary: false });
  });
});

describe("onboarding", () => {
  it("turns platform values and extra links into links, in order, at the end of the list", async () => {
    const { caller, id } = await registeredUser();
    await caller.profile.updateSlug({ slug: uniqueSlug("links") });
    await caller.onboarding.addLinks({
      platforms: { instagram: "@maya", youtube: "maya", website: "maya.dev", spotify: "", x: "https://x.com/maya" },
      extra: [
        { title: "Shop", url: "shop.maya.dev" },
        { title: "", url: "" },
      ],
    });
    const profile = await db().profile.findFirstOrThrow({ where: { user_id: id }, include: { links: { orderBy: { position: "asc" } } } });
    expect(profile.links.map(({ title, url, link_type, position }) => ({ title, url, link_type, position }))).toEqual([
      { title: "Instagram", url: "https://instagram.com/maya", link_type: "social", position: 0 },
      { title: "YouTube", url: "https://youtube.com/@maya", link_type: "video", position: 1 },
      { title: "Website", url: "https://maya.dev", link_type: "regular", position: 2 },
      { title: "X", url: "https://x.com/maya", link_type: "social", position: 3 },
      { title: "Shop", url: "https://shop.maya.dev", link_type: "regular", position: 4 },
    ]);
  });

  it("refuses a half-filled extra link or an unsafe URL and creates nothing", async () => {
    const { caller, id } = await registeredUser();
    await caller.profile.updateSlug({ slug: uniqueSlug("bad") });
    const halfFilled = await rejection(
      caller.onboarding.addLinks({ platforms: { instagram: "maya" }, extra: [{ title: "Only title", url: "" }] }),
    );
    expect(halfFilled.message).toBe("Please fill in both title and URL");
    const unsafe = await rejection(caller.onboarding.addLinks({ platforms: {}, extra: [{ title: "Evil", url: "javascript:alert(1)" }] }));
    expect(unsafe.message).toBe("Please enter a valid URL");
    expect(await db().link.count({ where: { profile: { user_id: id } } })).toBe(0);
  });

  it("saves goal, profile details and completion", async () => {
    const { caller, id } = await registeredUser();
    await caller.profile.updateSlug({ slug: uniqueSlug("details") });
    await caller.profile.updateMe({ user_goal: "business" });
    const me = await caller.profile.updateMe({ display_name: "Maya", bio: "Ceramics", onboarding_completed: true });
    expect(me.user.onboarding_completed).toBe(true);
    expect(me.profile).toMatchObject({ display_name: "Maya", bio: "Ceramics", user_goal: "business", onboarding_completed: true });
    const settings = await db().userSettings.findUniqueOrThrow({ where: { user_id: id } });
    expect(settings.profile_goal).toBe("business");
    expect((await rejection(caller.profile.updateMe({ user_goal: "other" as never }))).code).toBe("BAD_REQUEST");
  });
});

describe("avatar uploads", () => {
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

  it("stores a real image once and serves it from its own URL", async () => {
    const { caller } = await registeredUser();
    await caller.profile.updateSlug({ slug: uniqueSlug("avatar") });
    const me = await caller.profile.updateMe({ avatar_url: `data:image/png;base64,${png.toString("base64")}` });
    expect(me.profile?.avatar_url).toMatch(/^\/api\/assets\/[0-9a-f]{64}$/);
    const asset = await db().asset.findUniqueOrThrow({ where: { id: me.profile!.avatar_url!.split("/").pop()! } });
    expect(asset).toMatchObject({ mime: "image/png", size: png.byteLength });
  });

  it("refuses a disguised file and an oversize image, changing nothing", async () => {
    const { caller } = await registeredUser();
    await caller.profile.updateSlug({ slug: uniqueSlug("disguise") });
    const disguised = `data:image/png;base64,${Buffer.from("<script>alert(1)</script>").toString("base64")}`;
    const error = await rejection(caller.profile.updateMe({ avatar_url: disguised, display_name: "Changed" }));
    expect(error.message).toBe("Avatar must be a PNG, JPEG, WebP or GIF image");
    const huge = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const oversize = await rejection(caller.profile.updateMe({ avatar_url: `data:image/png;base64,${huge.toString("base64")}` }));
    expect(oversize.message).toBe("Avatar must be at most 2 MB");
    expect((await caller.profile.me()).profile).toMatchObject({ avatar_url: null, display_name: "" });
  });
});

describe("click statistics", () => {
  it("are hidden from visitors until the creator turns them on, then show each link's clicks", async () => {
    const user = await registeredUser("stats");
    const { slug } = await user.caller.profile.updateSlug({ slug: `stats_${randomUUID().slice(0, 8)}` });
    const link = await user.caller.link.create({ title: "Shop", url: "https://example.com/shop" });
    await db().link.update({ where: { id: link.id }, data: { clicks: 42 } });
    const visitorView = () => callerFor(null).profile.public({ slug });

    expect((await user.caller.profile.me()).profile?.show_click_stats).toBe(false);
    expect(await visitorView()).toMatchObject({ links: [{ id: link.id, clicks: null }] });

    await user.caller.profile.updateMe({ show_click_stats: true });
    expect(await visitorView()).toMatchObject({ links: [{ id: link.id, clicks: 42 }] });
  });
});
