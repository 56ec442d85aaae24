import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { applyPageChange, cachedPage, startRender, storePage } from "@/server/public-page/page-cache";
import { visitorPage } from "@/server/public-page/visitor-page";
import { flushAnalytics } from "@/server/services/analytics/ingest";
import { loadPublicProfile } from "@/server/services/public-profile";
import { registeredUser } from "./helpers";
import { startPublicServer, type PublicServer } from "./public-server";

let server: PublicServer;
let origin: string;

beforeAll(async () => {
  server = await startPublicServer();
  origin = server.origin;
});

afterAll(async () => {
  await server.close();
  await flushAnalytics();
});

const uniqueSlug = (label: string) => `${label}_${randomUUID().slice(0, 8)}`;

async function visit(slug: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${origin}/u/${slug}`);
  return { status: response.status, html: await response.text() };
}

/** A creator with a public page at a known slug and one link. */
async function creator(label: string) {
  const user = await registeredUser(label);
  const slug = uniqueSlug(label);
  const profile = await user.caller.profile.updateSlug({ slug });
  const link = await user.caller.link.create({ title: `${label} original link`, url: "https://example.com" });
  return { ...user, slug, profileId: profile.id, link };
}

describe("the public page cache drops exactly the pages an edit changes", () => {
  it("drops the edited creator's page and keeps every other creator's cached page", async () => {
    const alice = await creator("alice");
    const bob = await creator("bob");
    await visit(alice.slug);
    await visit(bob.slug);
    const bobsPage = cachedPage(bob.slug);
    expect(cachedPage(alice.slug)).toBeDefined();
    expect(bobsPage).toBeDefined();

    await alice.caller.link.update({ id: alice.link.id, data: { title: "alice renamed link" } });

    expect(cachedPage(alice.slug)).toBeUndefined();
    expect(cachedPage(bob.slug)).toBe(bobsPage);
    expect((await visit(alice.slug)).html).toContain("alice renamed link");
  });

  it("drops the old slug's page and the new slug's not-found page on a rename", async () => {
    const carol = await creator("carol");
    const newSlug = uniqueSlug("carol_new");
    await visit(carol.slug);
    expect((await visit(newSlug)).status).toBe(404);
    expect(cachedPage(newSlug)?.status).toBe(404);

    await carol.caller.profile.updateSlug({ slug: newSlug });

    expect(cachedPage(carol.slug)).toBeUndefined();
    expect(cachedPage(newSlug)).toBeUndefined();
    expect((await visit(carol.slug)).status).toBe(404);
    expect((await visit(newSlug)).html).toContain("carol original link");
  });

  it("drops every page of a user whose account changed, and no one else's", async () => {
    const dave = await creator("dave");
    const erin = await creator("erin");
    await visit(dave.slug);
    await visit(erin.slug);

    await db().user.update({ where: { id: dave.id }, data: { first_name: "David" } });

    expect(cachedPage(dave.slug)).toBeUndefined();
    expect(cachedPage(erin.slug)).toBeDefined();
  });

  it("drops a page when a profile goes private, so no visitor sees it in full afterwards", async () => {
    const fay = await creator("fay");
    await visit(fay.slug);
    await db().profile.update({ where: { id: fay.profileId }, data: { profile_visibility: "private" } });
    expect(cachedPage(fay.slug)).toBeUndefined();
    expect((await visit(fay.slug)).html).not.toContain("fay original link");
  });
});

describe("invalidation happens after the write has committed", () => {
  it("keeps the page during a transaction and drops it once the transaction commits", async () => {
    const gus = await creator("gus");
    await visit(gus.slug);
    await db().$transaction(async (tx) => {
      await tx.link.update({ where: { id: gus.link.id }, data: { title: "gus committed link" } });
      // Until the commit, every reader still sees the old link, so the cached page is still right.
      expect(cachedPage(gus.slug)).toBeDefined();
    });
    expect(cachedPage(gus.slug)).toBeUndefined();
    expect((await visit(gus.slug)).html).toContain("gus committed link");
  });

  it("drops the page after a batch transaction commits", async () => {
    const hal = await creator("hal");
    await visit(hal.slug);
    await db().$transaction([db().link.update({ where: { id: hal.link.id }, data: { title: "hal batch link" } })]);
    expect(cachedPage(hal.slug)).toBeUndefined();
    expect((await visit(hal.slug)).html).toContain("hal batch link");
  });

  it("keeps the page when the transaction rolls back", async () => {
    const ivy = await creator("ivy");
    await visit(ivy.slug);
    const page = cachedPage(ivy.slug);
    await expect(
      db().$transaction(async (tx) => {
        await tx.link.update({ where: { id: ivy.link.id }, data: { title: "ivy rolled back" } });
        throw new Error("abandon");
      }),
    ).rejects.toThrow("abandon");
    expect(cachedPage(ivy.slug)).toBe(page);
    expect((await visit(ivy.slug)).html).toContain("ivy original link");
  });

  it("never keeps a page rendered from the state before an edit that committed during the render", async () => {
    const jan = await creator("jan");
    const ticket = startRender();
    const before = await loadPublicProfile(getDatabase().sql, jan.slug);
    await jan.caller.link.update({ id: jan.link.id, data: { title: "jan edited mid-render" } });
    expect(before.status).toBe("ok");
    if (before.status !== "ok") return;
    const stale = {
      status: 200,
      html: Buffer.from("stale"),
      profileId: before.profileId,
      ownerId: before.ownerId,
      countsViews: true,
      indexable: true,
      expiresAt: null,
    };
    storePage(jan.slug, stale, ticket);
    expect(cachedPage(jan.slug)).toBeUndefined();
    expect((await visit(jan.slug)).html).toContain("jan edited mid-render");
  });
});

describe("scheduled links", () => {
  it("appear and disappear at their time although nothing was edited", async () => {
    const kim = await creator("kim");
    const opensAt = new Date(Date.now() + 1_500);
    const closesAt = new Date(Date.now() + 3_000);
    await kim.caller.link.create({ title: "kim scheduled link", url: "https://example.com/later", starts_at: opensAt, ends_at: closesAt });
    expect((await visit(kim.slug)).html).not.toContain("kim scheduled link");
    expect(cachedPage(kim.slug)?.expiresAt).toBe(opensAt.getTime());

    await new Promise((resolve) => setTimeout(resolve, opensAt.getTime() - Date.now() + 50));
    expect((await visit(kim.slug)).html).toContain("kim scheduled link");
    expect(cachedPage(kim.slug)?.expiresAt).toBe(closesAt.getTime());

    await new Promise((resolve) => setTimeout(resolve, closesAt.getTime() - Date.now() + 50));
    expect((await visit(kim.slug)).html).not.toContain("kim scheduled link");
    expect(cachedPage(kim.slug)?.expiresAt).toBeNull();
  });
});

describe("a page missing from the cache is rendered once for the visitors asking at the same time", () => {
  it("gives every visitor asking during the render that render's page", async () => {
    const dave = await creator("dave");
    const pages = await Promise.all([visitorPage(dave.slug), visitorPage(dave.slug), visitorPage(dave.slug)]);
    expect(pages[1]).toBe(pages[0]);
    expect(pages[2]).toBe(pages[0]);
    expect(cachedPage(dave.slug)).toBe(pages[0]);
  });

  it("does not join a render begun before an edit: a visitor asking after it gets a render of its own", async () => {
    const erin = await creator("erin");
    const before = visitorPage(erin.slug);
    applyPageChange({ slugs: [erin.slug], profileIds: [], userIds: [] });
    const after = visitorPage(erin.slug);
    expect(await after).not.toBe(await before);
    expect(cachedPage(erin.slug)).toBe(await after);
  });
});
