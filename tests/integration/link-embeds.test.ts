// Player links (docs/creators.md#video-and-music-players): the provider's title and picture are asked
// once when the link is saved, from fake providers on a local server; nothing leaves the machine.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { loadPublicProfile } from "@/server/services/public-profile";
import { registeredUser } from "./helpers";
import { png } from "./import-fixtures";

const YT = "dQw4w9WgXcQ";
const SPOTIFY = "4uLU6hMCjMI75M1A2tKUQC";
const SETTINGS = ["OEMBED_YOUTUBE_URL", "OEMBED_VIMEO_URL", "OEMBED_SPOTIFY_URL", "OEMBED_SOUNDCLOUD_URL", "EMBED_ALLOWED_PRIVATE_HOSTS"];

let server: Server;
let origin: string;
let hits: string[] = [];
let picture: Buffer;
let answers: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {};

function oembed(body: Record<string, unknown>) {
  return (_request: IncomingMessage, response: ServerResponse) =>
    void response.setHeader("content-type", "application/json").end(JSON.stringify(body));
}

beforeAll(async () => {
  picture = await png("#aa3355", 32);
  server = createServer((request, response) => {
    hits.push(request.url ?? "");
    const path = (request.url ?? "").split("?")[0]!;
    if (answers[path]) return answers[path](request, response);
    if (path === "/pictures/ok.png") return void response.setHeader("content-type", "image/png").end(picture);
    if (path === "/pictures/not-an-image.png") return void response.setHeader("content-type", "image/png").end("<svg onload=alert(1)>");
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    OEMBED_YOUTUBE_URL: `${origin}/youtube`,
    OEMBED_VIMEO_URL: `${origin}/vimeo`,
    OEMBED_SPOTIFY_URL: `${origin}/spotify`,
    OEMBED_SOUNDCLOUD_URL: `${origin}/soundcloud`,
    EMBED_ALLOWED_PRIVATE_HOSTS: origin.replace("http://", ""),
  });
});

afterAll(async () => {
  for (const name of SETTINGS) delete process.env[name];
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  hits = [];
  answers = {
    "/youtube": oembed({ title: "Never Gonna\u0000 <b>Give</b>\u202e You Up", thumbnail_url: `${origin}/pictures/ok.png` }),
    "/spotify": oembed({ title: "A Song", thumbnail_url: `${origin}/pictures/not-an-image.png` }),
    "/vimeo": (_request, response) => void response.writeHead(500).end(),
    "/soundcloud": oembed({ title: "Set", thumbnail_url: "http://169.254.169.254/latest/meta-data/x.png" }),
  };
});

async function creator() {
  const user = await registeredUser("embeds");
  const profile = await user.caller.profile.updateSlug({ slug: `e_${randomUUID().slice(0, 8)}` });
  return { ...user, profile };
}

describe("player links", () => {
  it("fetch the provider's title and picture once, into our own assets, and show them as a player", async () => {
    const { caller, profile } = await creator();
    const link = await caller.link.create({ title: "My video", url: `youtu.be/${YT}` });
    expect(link.show_as_player).toBe(true);
    expect(link.embed).toMatchObject({ provider: "youtube", kind: "video", id: YT, title: "Never Gonna <b>Give</b> You Up" });
    expect(link.embed!.thumbnail_url).toMatch(/^\/api\/assets\/[0-9a-f]{64}$/);
    const assetId = link.embed!.thumbnail_url!.split("/").pop()!;
    expect(Buffer.from((await db().asset.findUniqueOrThrow({ where: { id: assetId } })).bytes)).toEqual(picture);
    expect(hits).toEqual([`/youtube?format=json&url=${encodeURIComponent(`https://www.youtube.com/watch?v=${YT}`)}`, "/pictures/ok.png"]);

    hits = [];
    await caller.link.update({ id: link.id, data: { title: "Renamed", url: `https://www.youtube.com/watch?v=${YT}&t=3` } });
    expect(hits).toEqual([]);

    const page = await loadPublicProfile(getDatabase().sql, profile.slug);
    expect(page.status === "ok" && page.data.links[0]!.embed).toEqual(link.embed);
  });

  it("keep the title when the picture is no image, and leave both empty when the provider fails", async () => {
    const { caller } = await creator();
    const song = await caller.link.create({ title: "Song", url: `https://open.spotify.com/intl-de/track/${SPOTIFY}` });
    expect(song.embed).toMatchObject({ provider: "spotify", kind: "track", title: "A Song", thumbnail_url: null });
    const video = await caller.link.create({ title: "Clip", url: "https://vimeo.com/76979871" });
    expect(video.embed).toMatchObject({ provider: "vimeo", title: null, thumbnail_url: null });
  });

  it("never fetch a picture from a private address the provider names", async () => {
    const { caller } = await creator();
    const set = await caller.link.create({ title: "Set", url: "https://soundcloud.com/artist/sets/best" });
    expect(set.embed).toMatchObject({ provider: "soundcloud", kind: "playlist", title: "Set", thumbnail_url: null });
    expect(hits).toHaveLength(1);
  });

  it("ask nothing for look-alike addresses, and forget the player when the address stops naming one", async () => {
    const { caller } = await creator();
    const fake = await caller.link.create({ title: "Fake", url: `https://youtube.com.evil.test/watch?v=${YT}` });
    expect(fake.embed).toBeNull();
    const real = await caller.link.create({ title: "Real", url: `https://www.youtube.com/shorts/${YT}` });
    expect(real.embed).toMatchObject({ kind: "short" });
    const moved = await caller.link.update({ id: real.id, data: { url: "https://example.com/" } });
    expect(moved.embed).toBeNull();
    expect(await db().link.findUniqueOrThrow({ where: { id: real.id } })).toMatchObject({ embed_key: null, embed_thumbnail: null });
    expect(hits.filter((hit) => hit.includes("evil"))).toEqual([]);
  });

  it("stay buttons on the page when the switch is off or the link is for adults", async () => {
    const { caller, profile } = await creator();
    const off = await caller.link.create({ title: "Off", url: `https://youtu.be/${YT}`, show_as_player: false });
    expect(off.show_as_player).toBe(false);
    expect(off.embed).toMatchObject({ provider: "youtube" });
    await caller.link.create({ title: "Adult", url: `https://youtu.be/${YT}`, is_adult: true });
    await caller.link.create({ title: "On", url: `https://youtu.be/${YT}` });
    const page = await loadPublicProfile(getDatabase().sql, profile.slug);
    if (page.status !== "ok") throw new Error("page expected");
    expect(page.data.links.map((link) => [link.title, link.embed?.provider ?? null])).toEqual([
      ["Off", null],
      ["Adult", null],
      ["On", "youtube"],
    ]);
  });

  it("are counted as plays in Insights while the page shows them as players", async () => {
    const { caller } = await creator();
    const player = await caller.link.create({ title: "Player", url: `https://youtu.be/${YT}` });
    const off = await caller.link.create({ title: "Button", url: `https://youtu.be/${YT}`, show_as_player: false });
    const site = await caller.link.create({ title: "Site", url: "https://example.com/" });
    const { links } = await caller.analytics.links({ days: 30 });
    const countedAs = Object.fromEntries(links.map((link) => [link.id, link.counted_as]));
    expect(countedAs).toEqual({ [player.id]: "plays", [off.id]: "clicks", [site.id]: "clicks" });
  });

  it("carry the switch and the player through the export, whose import reads them back", async () => {
    const { caller } = await creator();
    await caller.link.create({ title: "Video", url: `https://youtu.be/${YT}`, show_as_player: false });
    const exported = await caller.auth.exportData();
    const [exportedLink] = exported.profiles[0]!.links;
    expect(exportedLink).toMatchObject({ show_as_player: false, embed: { provider: "youtube", id: YT } });

    const target = await creator();
    const content = JSON.stringify(exported);
    const preview = await target.caller.import.preview({ source: "linkbio", content });
    const slug = `i_${randomUUID().slice(0, 8)}`;
    const result = await target.caller.import.confirm({
      source: "linkbio",
      content,
      target: "new",
      slug,
      fingerprint: preview.fingerprint,
    });
    expect(result.links[0]).toMatchObject({ title: "Video", show_as_player: false });
  });
});
