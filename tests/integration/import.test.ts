import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TRPCError } from "@trpc/server";
import { fieldErrorsOf } from "@/server/api/errors";
import { db } from "@/server/db/client";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { closeSharedRedis, sharedRedis } from "@/server/services/rate-limit/redis";
import { callerFor, registeredUser } from "./helpers";
import { CSV_WITH_BOM, linkstackExport, linktreePage, png } from "./import-fixtures";

type Handler = (request: IncomingMessage, response: ServerResponse) => boolean;

let server: Server;
let origin: string;
let hits: string[] = [];
let extra: Handler = () => false;
let avatarPng: Buffer;
let thumbPng: Buffer;

beforeAll(async () => {
  avatarPng = await png("#cc3366", 32);
  thumbPng = await png("#3366cc", 24);
  server = createServer((request, response) => {
    hits.push(request.url ?? "");
    if (extra(request, response)) return;
    if (request.url === "/maya") return void response.setHeader("content-type", "text/html; charset=utf-8").end(linktreePage(origin));
    if (request.url === "/images/avatar.png") return void response.setHeader("content-type", "image/png").end(avatarPng);
    if (request.url === "/images/ep.png") return void response.setHeader("content-type", "image/png").end(thumbPng);
    if (request.url === "/plain") return void response.setHeader("content-type", "text/html").end("<html><body>No data here</body></html>");
    if (request.url === "/to-metadata") return void response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.IMPORT_ALLOWED_PRIVATE_HOSTS = origin.replace("http://", "");
});

afterAll(async () => {
  delete process.env.IMPORT_ALLOWED_PRIVATE_HOSTS;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
  extra = () => false;
});

const slug = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;

async function creator(label: string) {
  const user = await registeredUser(label);
  await user.caller.profile.updateSlug({ slug: slug(label.slice(0, 6)) });
  return user;
}

async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as TRPCError | null;
  expect(error, "expected a refusal").not.toBeNull();
  return { code: error!.code, message: error!.message, fields: fieldErrorsOf(error!.cause) ?? {} };
}

describe("Linktree", () => {
  it("previews a fetched page: name, bio, avatar, headers, classic and social links in page order, nothing written", async () => {
    const user = await creator("ltprev");
    const before = await db().link.count();
    const preview = await user.caller.import.preview({ source: "linktree", url: `${origin}/maya` });
    expect(preview.profile).toEqual({
      display_name: "Maya Sounds",
      bio: "Producer & DJ — new EP out now",
      avatar_url: `${origin}/images/avatar.png`,
    });
    expect(preview.links).toEqual([
      { title: "Music", url: "", link_type: "header", is_active: true, brand: null, profile: 0 },
      {
        title: "New EP, on every platform",
        url: "https://ep.example.com/listen",
        link_type: "regular",
        is_active: true,
        brand: null,
        profile: 0,
      },
      {
        title: "Tour dates, Berlin, Paris",
        url: "https://tour.example.com/",
        link_type: "regular",
        is_active: true,
        brand: null,
        profile: 0,
      },
      { title: "Old merch store", url: "https://merch.example.com/", link_type: "regular", is_active: false, brand: null, profile: 0 },
      { title: "Instagram", url: "https://instagram.com/mayasounds", link_type: "social", is_active: true, brand: "instagram", profile: 0 },
      { title: "YouTube", url: "https://www.youtube.com/@mayasounds", link_type: "social", is_active: true, brand: "youtube", profile: 0 },
      { title: "Email", url: "mailto:booking@mayasounds.example", link_type: "social", is_active: true, brand: "email", profile: 0 },
    ]);
    expect(preview.not_imported.join("\n")).toMatch(/Sneaky.*valid URL/);
    expect(preview.not_imported.join("\n")).toMatch(/1 Linktree block without an address/);
    expect(hits).toEqual(["/maya"]);
    expect(await db().link.count()).toBe(before);
  });

  it("reads the same from the page's saved HTML, without fetching it", async () => {
    const user = await creator("ltpaste");
    const preview = await user.caller.import.preview({ source: "linktree", content: linktreePage(origin) });
    expect(preview.links).toHaveLength(7);
    expect(hits).toEqual([]);
  });

  it("creates a new profile with the ticked items; avatar and thumbnail copied into our own assets", async () => {
    const user = await creator("ltnew");
    const preview = await user.caller.import.preview({ source: "linktree", url: `${origin}/maya` });
    const newSlug = slug("maya");
    const result = await user.caller.import.confirm({
      source: "linktree",
      url: `${origin}/maya`,
      target: "new",
      slug: newSlug,
      fingerprint: preview.fingerprint,
      include: { links: [0, 1, 3, 4], bio: false },
    });
    expect(result.profile).toMatchObject({ slug: newSlug, display_name: "Maya Sounds", bio: "", is_primary: false });
    expect(result.profile.avatar_url).toMatch(/^\/api\/assets\/[0-9a-f]{64}$/);
    expect(result.links.map((link) => [link.position, link.title, link.link_type, link.is_active])).toEqual([
      [0, "Music", "header", true],
      [1, "New EP, on every platform", "regular", true],
      [2, "Old merch store", "regular", false],
      [3, "Instagram", "social", true],
    ]);
    expect(result.links[1]!.thumbnail).toMatch(/^\/api\/assets\/[0-9a-f]{64}$/);
    const asset = await db().asset.findUnique({ where: { id: result.profile.avatar_url!.split("/").pop()! } });
    expect(Buffer.from(asset!.bytes).equals(avatarPng)).toBe(true);
    expect(hits).toEqual(["/maya", "/maya", "/images/avatar.png", "/images/ep.png"]);
  });

  it("reports how far an import has got to its own account only", async () => {
    const user = await creator("ltprog");
    const key = randomUUID();
    expect(await user.caller.import.progress({ key })).toBeNull();
    let seen: unknown = null;
    // The avatar's answer waits until the screen has asked how far the import has got.
    extra = (request, response) => {
      if (request.url !== "/images/avatar.png") return false;
      void user.caller.import.progress({ key }).then((progress) => {
        seen = progress;
        response.setHeader("content-type", "image/png").end(avatarPng);
      });
      return true;
    };
    await user.caller.import.confirm({ source: "linktree", content: linktreePage(origin), target: "current", progress_key: key });
    expect(seen).toEqual({ phase: "images", done: 0, total: 3 });
    expect(await user.caller.import.progress({ key })).toEqual({ phase: "done", done: 3, total: 3 });
    const stranger = await creator("ltprog2");
    expect(await stranger.caller.import.progress({ key })).toBeNull();
  });

  it("shares the progress through Redis when it is set, so a poll that reaches another instance sees it", async () => {
    const prefix = `linkbio-test-${randomUUID().slice(0, 8)}`;
    Object.assign(process.env, { REDIS_URL: "redis://127.0.0.1:6379", RATE_LIMIT_PREFIX: prefix });
    try {
      const redis = sharedRedis()!;
      if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
      const user = await creator("ltshared");
      const key = randomUUID();
      await user.caller.import.confirm({ source: "linktree", content: linktreePage(origin), target: "current", progress_key: key });
      // Another instance: nothing of this import in its memory.
      delete (globalThis as { __linkbioImportProgress?: unknown }).__linkbioImportProgress;
      await expect.poll(() => user.caller.import.progress({ key })).toEqual({ phase: "done", done: 3, total: 3 });
      expect(await (await creator("ltshared2")).caller.import.progress({ key })).toBeNull();
      await redis.del(...(await redis.keys(`${prefix}:*`)));
    } finally {
      delete process.env.REDIS_URL;
      delete process.env.RATE_LIMIT_PREFIX;
      await closeSharedRedis();
    }
  });

  it("adds after the current profile's own links, and refuses when the page changed since the preview", async () => {
    const user = await creator("ltcur");
    await user.caller.link.create({ title: "Mine", url: "https://mine.example.com" });
    const stale = await refusal(
      user.caller.import.confirm({ source: "linktree", url: `${origin}/maya`, target: "current", fingerprint: "0".repeat(32) }),
    );
    expect(stale.message).toBe("The source changed since the preview: preview it again");
    expect(await user.caller.link.list()).toHaveLength(1);

    const result = await user.caller.import.confirm({
      source: "linktree",
      content: linktreePage(origin),
      target: "current",
      include: { links: [2], avatar: false },
    });
    expect(result.links.map((link) => [link.position, link.title])).toEqual([
      [0, "Mine"],
      [1, "Tour dates, Berlin, Paris"],
    ]);
    expect(result.profile).toMatchObject({ display_name: "Maya Sounds", avatar_url: null });
  });

  it("refuses a page that is no Linktree page with the issue's words", async () => {
    const user = await creator("ltbad");
    for (const input of [
      { url: `${origin}/plain` },
      { content: '<html><script id="__NEXT_DATA__">{not json</script></html>' },
      { content: '<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}}}</script>' },
    ]) {
      const error = await refusal(user.caller.import.preview({ source: "linktree", ...input }));
      expect([error.code, error.message]).toEqual(["BAD_REQUEST", "This page could not be read as a Linktree page"]);
    }
  });
});

describe("fetching safely through the import", () => {
  it.each([
    ["127.0.0.1 without the allow-list", () => `http://127.0.0.1:1/page`],
    ["10.0.0.1", () => "http://10.0.0.1/maya"],
    ["the metadata address", () => "http://169.254.169.254/latest/meta-data/"],
    ["a redirect to the metadata address", () => `${origin}/to-metadata`],
    ["localhost by name", () => "http://localhost/maya"],
  ])("refuses %s with a 400 and fetches nothing private", async (_what, url) => {
    const user = await creator("ssrf");
    const error = await refusal(user.caller.import.preview({ source: "linktree", url: url() }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fields.url).toEqual(["This address is not on the public internet, so it is not fetched"]);
    expect(hits.filter((hit) => hit !== "/to-metadata")).toEqual([]);
  });

  it("refuses 127.0.0.1 when the allow-list names another port", async () => {
    const user = await creator("ssrfport");
    const port = Number(new URL(origin).port);
    const error = await refusal(user.caller.import.preview({ source: "linktree", url: `http://127.0.0.1:${port + 1}/maya` }));
    expect(error.fields.url).toEqual(["This address is not on the public internet, so it is not fetched"]);
  });

  it("does not download an avatar from a private address named in a pasted page", async () => {
    const user = await creator("ssrfimg");
    const page = linktreePage("http://10.0.0.1");
    const result = await user.caller.import.confirm({ source: "linktree", content: page, target: "current", include: { links: [0] } });
    expect(result.profile.avatar_url).toBeNull();
    expect(result.not_imported.join("\n")).toMatch(/avatar.*not on the public internet/);
  });

  it("limits imports from the web per account before fetching", async () => {
    process.env.RATE_LIMIT_IMPORTS_PER_HOUR = "2";
    reloadRateLimits();
    try {
      const user = await creator("limit");
      const caller = callerFor(user.id, `198.51.100.${Math.floor(Math.random() * 200) + 1}`);
      await caller.import.preview({ source: "linktree", url: `${origin}/maya` });
      await caller.import.preview({ source: "linktree", url: `${origin}/maya` });
      hits = [];
      const error = await refusal(caller.import.preview({ source: "linktree", url: `${origin}/maya` }));
      expect(error.code).toBe("TOO_MANY_REQUESTS");
      expect(error.message).toMatch(/^Too many imports from the web for this account\. Please try again in \d+ seconds?\.$/);
      expect(hits).toEqual([]);
      // A pasted file costs nothing to fetch, so it is not counted.
      await caller.import.preview({ source: "csv", content: CSV_WITH_BOM });
    } finally {
      delete process.env.RATE_LIMIT_IMPORTS_PER_HOUR;
      reloadRateLimits();
    }
  });
});

describe("LinkStack", () => {
  it("maps an export: headings to headers, icons to socials, raised links first, avatar from the file", async () => {
    const user = await creator("lsprev");
    const content = linkstackExport(avatarPng.toString("base64"));
    const preview = await user.caller.import.preview({ source: "linkstack", content });
    expect(preview.profile).toMatchObject({ display_name: "Jonas Weber", bio: "Photographer in Hamburg" });
    expect(preview.profile.avatar_url).toMatch(/^data:image\/png;base64,/);
    expect(preview.profiles[0]!.slug).toBe("jonasweber");
    expect(preview.links.map((link) => [link.title, link.url, link.link_type, link.brand])).toEqual([
      ["Pinned print shop", "https://prints.example.com", "regular", null],
      ["Instagram", "https://instagram.com/jonasweber", "social", "instagram"],
      ["Work", "", "header", null],
      ["Portfolio", "https://jonas.example.com", "regular", null],
      ["Mail me", "mailto:jonas@example.com", "regular", null],
    ]);
    expect(preview.not_imported).toEqual(expect.arrayContaining(["1 spacer (no equivalent here)", "1 text block (no equivalent here)"]));

    const result = await user.caller.import.confirm({ source: "linkstack", content, target: "current" });
    expect(result.links).toHaveLength(5);
    expect(result.profile.avatar_url).toMatch(/^\/api\/assets\//);
  });

  it("drops NUL characters that a file's JSON escapes carry, instead of failing to store them", async () => {
    const user = await creator("lsnul");
    const content = JSON.stringify({
      name: "Nu\u0000ll",
      links: [{ title: "A\u0000B", link: "https://nul.example.com", button_id: 1, order: 0 }],
    });
    const result = await user.caller.import.confirm({ source: "linkstack", content, target: "current" });
    expect(result.links.map((link) => link.title)).toEqual(["AB"]);
    expect(result.profile.display_name).toBe("Null");
  });

  it.each([
    ["not JSON", "{links: oops"],
    ["JSON without links", '{"name":"x"}'],
    ["links that are not a list", '{"links":"many"}'],
    ["an array", "[]"],
  ])("refuses %s", async (_what, content) => {
    const user = await creator("lsbad");
    const error = await refusal(user.caller.import.preview({ source: "linkstack", content }));
    expect(error.message).toBe("This file could not be read as a LinkStack export");
  });
});

describe("CSV", () => {
  it("reads title,url with an optional type; quoted commas and a byte-order mark; hostile rows left out and named", async () => {
    const user = await creator("csv");
    const preview = await user.caller.import.preview({ source: "csv", content: CSV_WITH_BOM });
    expect(preview.links.map((link) => [link.title, link.url, link.link_type])).toEqual([
      ["Shop, the new one", "https://shop.example.com", "regular"],
      ["Section", "", "header"],
      ['She said "hi"', "https://quotes.example.com", "regular"],
      ["Follow me", "https://instagram.com/someone", "social"],
    ]);
    expect(preview.not_imported).toEqual(['Row 6 "Evil": Please enter a valid URL', 'Row 7: unknown type "hologram"']);
  });

  it.each([
    [
      "no title and url header",
      "name,link\nA,https://a.example.com\n",
      "This file could not be read as a CSV file with title and url columns",
    ],
    ["an unclosed quote", 'title,url\n"A,https://a.example.com\n', "This file could not be read as a CSV file with title and url columns"],
    ["only a header", "title,url\n", "This file could not be read as a CSV file with title and url columns"],
    [
      "rows that are all refused",
      "title,url\nEvil,javascript:alert(1)\n",
      "There is nothing to import: no links, name, bio or avatar were found",
    ],
  ])("refuses %s", async (_what, content, message) => {
    const user = await creator("csvbad");
    const error = await refusal(user.caller.import.preview({ source: "csv", content }));
    expect(error.message).toBe(message);
  });
});

describe("Linkbio export", () => {
  it("round-trips into another account: profile, design, links with schedules and UTM fields, and says what stays behind", async () => {
    const origin_ = await creator("lbsrc");
    await origin_.caller.profile.updateMe({
      display_name: "Round Trip",
      bio: "Exported",
      avatar_url: `data:image/png;base64,${avatarPng.toString("base64")}`,
    });
    await origin_.caller.design.save({ background_color: "#112233", button_style: "pill", font_family: "Poppins" });
    await origin_.caller.link.create({ title: "Header", link_type: "header" });
    await origin_.caller.link.create({
      title: "Spring sale",
      url: "https://shop.example.com/sale",
      utm_source: "bio",
      utm_campaign: "spring",
      starts_at: new Date("2027-03-01T00:00:00Z"),
      ends_at: new Date("2027-03-31T00:00:00Z"),
      thumbnail: `data:image/png;base64,${thumbPng.toString("base64")}`,
    });
    const hidden = await origin_.caller.link.create({ title: "Hidden", url: "https://hidden.example.com", is_adult: true });
    await origin_.caller.link.toggle({ id: hidden.id });
    await origin_.caller.auth.login({ email: origin_.email, password: origin_.password });
    const content = JSON.stringify(await origin_.caller.auth.exportData());

    const target = await creator("lbdst");
    const preview = await target.caller.import.preview({ source: "linkbio", content });
    expect(preview.profiles).toHaveLength(1);
    expect(preview.profiles[0]).toMatchObject({ display_name: "Round Trip", has_design: true });
    expect(preview.not_imported).toContain("The account itself, its settings and sign-in methods stay with the original account");

    const newSlug = slug("trip");
    const result = await target.caller.import.confirm({
      source: "linkbio",
      content,
      target: "new",
      slug: newSlug,
      fingerprint: preview.fingerprint,
    });
    expect(result.profile).toMatchObject({ slug: newSlug, display_name: "Round Trip", bio: "Exported" });
    expect(result.profile.avatar_url).toMatch(/^\/api\/assets\//);
    expect(result.links.map((link) => [link.title, link.link_type, link.is_active, link.is_adult])).toEqual([
      ["Header", "header", true, false],
      ["Spring sale", "regular", true, false],
      ["Hidden", "regular", false, true],
    ]);
    expect(result.links[1]).toMatchObject({
      utm_source: "bio",
      utm_campaign: "spring",
      starts_at: new Date("2027-03-01T00:00:00Z"),
      ends_at: new Date("2027-03-31T00:00:00Z"),
    });
    expect(result.links[1]!.thumbnail).toMatch(/^\/api\/assets\//);
    const design = await db().designSettings.findUnique({ where: { profile_id: result.profile.id } });
    expect(design).toMatchObject({ background_color: "#112233", button_style: "pill", font_family: "Poppins" });
  });

  it("is all or nothing: a second profile whose username is taken leaves nothing behind", async () => {
    const source = await creator("lbtwo");
    await source.caller.link.create({ title: "First", url: "https://first.example.com" });
    const second = await source.caller.profile.create({ display_name: "Second", slug: slug("second") });
    await source.caller.auth.login({ email: source.email, password: source.password });
    const content = JSON.stringify(await source.caller.auth.exportData());
    void second;

    const target = await creator("lbdst2");
    const profilesBefore = await db().profile.count({ where: { user_id: target.id } });
    const linksBefore = await db().link.count();
    const error = await refusal(target.caller.import.confirm({ source: "linkbio", content, target: "new", slug: slug("fresh") }));
    expect(error.message).toBe("This username is already taken");
    expect(await db().profile.count({ where: { user_id: target.id } })).toBe(profilesBefore);
    expect(await db().link.count()).toBe(linksBefore);
  });

  it.each([
    ["another format", JSON.stringify({ format: "other", version: 1 })],
    ["version 3", JSON.stringify({ format: "linkbio-export", version: 3, profiles: [] })],
    ["not JSON", "linkbio-export"],
  ])("refuses %s", async (_what, content) => {
    const user = await creator("lbbad");
    const error = await refusal(user.caller.import.preview({ source: "linkbio", content }));
    expect(error.message).toBe("This file is not a Linkbio export (linkbio-export version 1 or 2)");
  });
});

describe("hostile inputs", () => {
  it.each([
    ["an unknown source", { source: "myspace", content: "x" }, "source"],
    ["an address for a file source", { source: "csv", url: "https://example.com/a.csv" }, "url"],
    ["both an address and HTML", { source: "linktree", url: "https://linktr.ee/a", content: "<html>" }, "content"],
    ["neither", { source: "linktree" }, "url"],
    ["an empty file", { source: "csv", content: "   " }, "content"],
    ["an address too long", { source: "linktree", url: `https://linktr.ee/${"a".repeat(2100)}` }, "url"],
    ["an unknown field", { source: "csv", content: "title,url\nA,https://a.example.com", extra: 1 }, undefined],
    ["content that is not text", { source: "csv", content: { title: "A" } }, "content"],
  ])("preview refuses %s and writes nothing", async (_what, input, field) => {
    const user = await creator("hostile");
    const error = await refusal(user.caller.import.preview(input as never));
    expect(error.code).toBe("BAD_REQUEST");
    if (field) expect(Object.keys(error.fields)).toContain(field);
  });

  it.each([
    ["a new profile without a username", { target: "new" }, "slug", "Choose a username for the new profile"],
    ["a reserved username", { target: "new", slug: "dashboard" }, "slug", "This username is reserved"],
    ["a malformed username", { target: "new", slug: "No Spaces!" }, "slug", undefined],
    ["an unknown target", { target: "elsewhere" }, "target", undefined],
    ["a link index outside the preview", { target: "current", include: { links: [0, 99] } }, "include", "Link 99 is not in the preview"],
    ["a negative link index", { target: "current", include: { links: [-1] } }, undefined, undefined],
    ["a progress key with other characters", { target: "current", progress_key: "../../etc/passwd" }, "progress_key", undefined],
    [
      "nothing ticked",
      { target: "current", include: { links: [], display_name: false, bio: false, avatar: false } },
      "include",
      "Nothing to import: tick at least one item",
    ],
  ])("import refuses %s and writes nothing", async (_what, extraInput, field, message) => {
    const user = await creator("hostap");
    const before = await db().profile.count({ where: { user_id: user.id } });
    const error = await refusal(user.caller.import.confirm({ source: "csv", content: CSV_WITH_BOM, ...(extraInput as object) } as never));
    expect(error.code).toBe("BAD_REQUEST");
    if (field) expect(Object.keys(error.fields)).toContain(field);
    if (message) expect(error.message).toBe(message);
    expect(await db().profile.count({ where: { user_id: user.id } })).toBe(before);
    expect(await user.caller.link.list()).toEqual([]);
  });

  it("needs a signed-in account", async () => {
    const error = await refusal(callerFor(null).import.preview({ source: "csv", content: CSV_WITH_BOM }));
    expect(error.code).toBe("UNAUTHORIZED");
  });
});
