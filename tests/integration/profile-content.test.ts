import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { DATE_COLUMNS, readProfileWithContent } from "@/server/services/profile-content";
import { registeredUser } from "./helpers";

/** What Prisma itself reads for the profile, links ordered as the one-statement read orders them. */
async function prismaRead(slug: string) {
  const profile = await db().profile.findUnique({
    where: { slug },
    include: { links: { orderBy: [{ position: "asc" }, { id: "asc" }] }, design: true },
  });
  return profile;
}

async function creatorWithEverything() {
  const user = await registeredUser("content");
  const profile = await user.caller.profile.updateSlug({ slug: `pc_${randomUUID().slice(0, 8)}` });
  await db().profile.update({
    where: { id: profile.id },
    data: { bio: 'Ünïcode \u2028 and "quotes"', show_click_stats: true, avatar_url: "https://example.com/a.png" },
  });
  await db().designSettings.upsert({
    where: { profile_id: profile.id },
    create: { profile_id: profile.id, pattern_opacity: 0.37, animation_speed: 1.25, youtube_url: "https://youtu.be/x" },
    update: { pattern_opacity: 0.37, animation_speed: 1.25, youtube_url: "https://youtu.be/x" },
  });
  const soon = new Date(Date.now() + 86_400_000 + 123);
  const past = new Date(Date.UTC(2020, 1, 29, 23, 59, 59, 0));
  await db().link.createMany({
    data: [
      { profile_id: profile.id, title: "Later", url: "https://example.com/later", position: 2, starts_at: soon, clicks: 41 },
      { profile_id: profile.id, title: "Ended", url: "https://example.com/ended", position: 1, ends_at: past, utm_source: "bio" },
      { profile_id: profile.id, title: "Sign up", link_type: "signup", position: 0, button_label: "Join", consent_text: "OK" },
      { profile_id: profile.id, title: "Same place", url: "https://example.com/same", position: 2, is_active: false },
    ],
  });
  return profile;
}

describe("The public page's one-statement read", () => {
  it("reads the profile, its links and its design exactly as Prisma does", async () => {
    const profile = await creatorWithEverything();
    const read = await readProfileWithContent(getDatabase().sql, profile.slug);
    expect(read).toEqual(await prismaRead(profile.slug));
    expect(read!.links.map((link) => link.position)).toEqual([0, 1, 2, 2]);
    expect(read!.links[1]!.ends_at).toEqual(new Date(Date.UTC(2020, 1, 29, 23, 59, 59, 0)));
  });

  it("reads a profile without design settings or links, and nothing for an unknown slug", async () => {
    const user = await registeredUser("bare");
    const profile = await user.caller.profile.updateSlug({ slug: `pb_${randomUUID().slice(0, 8)}` });
    await db().designSettings.deleteMany({ where: { profile_id: profile.id } });
    await db().link.deleteMany({ where: { profile_id: profile.id } });
    const read = await readProfileWithContent(getDatabase().sql, profile.slug);
    expect(read).toEqual(await prismaRead(profile.slug));
    expect(read!.design).toBeNull();
    expect(await readProfileWithContent(getDatabase().sql, `none_${randomUUID().slice(0, 8)}`)).toBeNull();
  });

  it("revives every DateTime column the schema gives the three models", () => {
    const schema = fs.readFileSync("prisma/schema.prisma", "utf8");
    for (const [model, columns] of Object.entries(DATE_COLUMNS)) {
      const body = schema.match(new RegExp(`model ${model} \\{([^}]*)\\}`))![1]!;
      const dated = [...body.matchAll(/^\s*(\w+)\s+DateTime\??/gm)].map((match) => match[1]);
      expect([...columns].sort(), model).toEqual(dated.sort());
    }
  });
});
