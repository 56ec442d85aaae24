import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { MAX_IMAGE_SIDE } from "@/server/services/assets/image-check";
import { fallbackShareImage, loadShareCard, renderShareImage } from "@/server/services/share/og-image";
import { RENDER_LIMITS, renderWorkerRunning } from "@/server/services/share/render-pool";
import { registeredUser } from "./helpers";
import { dataUrl, halfJpeg, pngBomb, pngSignatureThenScript, solidPng, tinyGifBomb, truncatedJpegHeader } from "./hostile-images";
import { startPublicServer, type PublicServer } from "./public-server";

const TOO_LARGE = `Avatar must be at most ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} pixels and 16 megapixels`;
const UNREADABLE = "Avatar could not be read: the file is damaged or not a PNG, JPEG, WebP or GIF image";

async function creator() {
  const user = await registeredUser("images");
  const profile = await user.caller.profile.updateSlug({ slug: `img_${randomUUID().slice(0, 8)}` });
  return { ...user, profile };
}

function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("image uploads are decoded far enough to know their real size", () => {
  it.each<[string, () => Buffer | Promise<Buffer>, string, string]>([
    ["a 20000×20000 PNG bomb", () => pngBomb(20_000, 20_000), "image/png", TOO_LARGE],
    ["a PNG one pixel wider than the limit", () => pngBomb(MAX_IMAGE_SIDE + 1, 1), "image/png", TOO_LARGE],
    ["a PNG within each side but over 16 megapixels", () => pngBomb(4000, 4001), "image/png", TOO_LARGE],
    ["a PNG signature followed by <script>", () => pngSignatureThenScript, "image/png", UNREADABLE],
    ["a truncated JPEG declaring 65500×65500", truncatedJpegHeader, "image/jpeg", UNREADABLE],
    ["a 29-byte GIF declaring 65535×65535", () => tinyGifBomb, "image/gif", TOO_LARGE],
    ["a real JPEG cut in half", halfJpeg, "image/jpeg", UNREADABLE],
  ])("refuses %s with a field error, changing nothing", async (_name, bytes, mime, message) => {
    const { caller, profile } = await creator();
    const error = await caller.profile.updateMe({ avatar_url: dataUrl(mime, await bytes()) }).then(
      () => null,
      (caught: unknown) => caught as { code: string; message: string; cause?: { details?: { fields?: Record<string, string[]> } } },
    );
    expect(error).toMatchObject({ code: "BAD_REQUEST", message });
    expect(JSON.stringify(error?.cause)).toContain("avatar_url");
    expect((await db().profile.findUniqueOrThrow({ where: { id: profile.id } })).avatar_url).toBeNull();
  });

  it("accepts the largest allowed image", async () => {
    const { caller } = await creator();
    const me = await caller.profile.updateMe({ avatar_url: dataUrl("image/png", await solidPng(MAX_IMAGE_SIDE, 3900)) });
    expect(me.profile?.avatar_url).toMatch(/^\/api\/assets\/[0-9a-f]{64}$/);
  });
});

describe("share images are drawn off the event loop, within limits", () => {
  let server: PublicServer;
  beforeAll(async () => {
    server = await startPublicServer();
  });
  afterAll(() => server.close());

  it("draws a page whose stored avatar is a bomb (stored before the limits existed) with the initial instead", async () => {
    const { profile } = await creator();
    const bomb = pngBomb(20_000, 20_000);
    const id = randomUUID().replaceAll("-", "").padEnd(64, "0");
    await db().asset.create({ data: { id, mime: "image/png", size: bomb.byteLength, bytes: new Uint8Array(bomb) } });
    await db().profile.update({ where: { id: profile.id }, data: { avatar_url: `/api/assets/${id}`, display_name: "Bomb" } });
    const card = await loadShareCard(db(), profile.slug, "http://localhost/u/x");
    expect(card?.avatar).toBeNull();
    const response = await fetch(`${server.origin}/u/${profile.slug}/og.png`);
    expect(response.status).toBe(200);
    const png = Buffer.from(await response.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(png.equals(await fallbackShareImage())).toBe(false);
  });

  it("answers the plain fallback image when a drawing passes its time limit", async () => {
    const { profile } = await creator();
    const card = (await loadShareCard(db(), profile.slug, "http://localhost/u/x"))!;
    const limit = RENDER_LIMITS.timeoutMs;
    RENDER_LIMITS.timeoutMs = 1;
    try {
      const png = await renderShareImage(card);
      expect(png.equals(await fallbackShareImage())).toBe(true);
      expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    } finally {
      RENDER_LIMITS.timeoutMs = limit;
    }
    // The next drawing gets a fresh worker and succeeds.
    expect((await renderShareImage(card)).equals(await fallbackShareImage())).toBe(false);
  });

  it("ends the drawing worker once it has been idle, and starts one again for the next drawing", async () => {
    const { profile } = await creator();
    const card = (await loadShareCard(db(), profile.slug, "http://localhost/u/x"))!;
    const idle = RENDER_LIMITS.idleMs;
    RENDER_LIMITS.idleMs = 300;
    try {
      const drawn = await renderShareImage(card);
      expect(renderWorkerRunning()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(renderWorkerRunning()).toBe(false);
      expect((await renderShareImage(card)).equals(drawn)).toBe(true);
      expect(renderWorkerRunning()).toBe(true);
    } finally {
      RENDER_LIMITS.idleMs = idle;
    }
  });
});
