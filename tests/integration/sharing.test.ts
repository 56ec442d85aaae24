import { randomUUID } from "node:crypto";
import { Resvg } from "@resvg/resvg-js";
import { DOMParser } from "@xmldom/xmldom";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appOrigin } from "@/server/config/app-origin";
import { cachedPage } from "@/server/public-page/page-cache";
import { handleRestRequest } from "@/server/rest/handler";
import { flushAnalytics } from "@/server/services/analytics/ingest";
import { getReferrers } from "@/server/services/analytics/breakdowns";
import { getDatabase } from "@/server/db/client";
import { registeredUser } from "./helpers";
import { startPublicServer, type PublicServer } from "./public-server";

const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const PNG_SIGNATURE = "89504e470d0a1a0a";

let server: PublicServer;

beforeAll(async () => {
  server = await startPublicServer({ trustProxy: true });
});

afterAll(async () => {
  await server.close();
  await flushAnalytics();
});

async function creator(label: string) {
  const user = await registeredUser(label);
  const slug = `${label}_${randomUUID().slice(0, 8)}`;
  const profile = await user.caller.profile.updateSlug({ slug });
  await user.caller.profile.updateMe({ display_name: `${label} Example`, bio: "Sharing things" });
  return { ...user, slug, profileId: profile.id };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function decodeQr(bytes: Buffer): string | undefined {
  const image = PNG.sync.read(bytes);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** An SVG as a browser takes it: well-formed XML (any parse error throws), then drawn to pixels and scanned. */
function decodeSvgQr(svg: string): { width: string | null; height: string | null; target: string | undefined } {
  const root = new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(svg, "image/svg+xml").documentElement!;
  expect(root.nodeName).toBe("svg");
  return { width: root.getAttribute("width"), height: root.getAttribute("height"), target: decodeQr(new Resvg(svg).render().asPng()) };
}

const rest = (path: string) => handleRestRequest(new Request(`http://localhost/api/v1${path}`));

describe("the share image (og:image)", () => {
  it("answers a 1200×630 PNG, named in the page's head", async () => {
    const { slug } = await creator("ogimg");
    const html = await (await fetch(`${server.origin}/u/${slug}`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image).toMatch(new RegExp(`^${appOrigin()}/${slug}/og\\.png\\?v=`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain(`<meta name="twitter:image" content="${image!.replace(/&/g, "&amp;")}"/>`);
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');

    const response = await fetch(`${server.origin}/u/${slug}/og.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it("is drawn again after the name changes, and answers 304 to its ETag until then", async () => {
    const owner = await creator("ogedit");
    const first = await fetch(`${server.origin}/u/${owner.slug}/og.png`);
    const etag = first.headers.get("etag")!;
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect((await fetch(`${server.origin}/u/${owner.slug}/og.png`, { headers: { "if-none-match": etag } })).status).toBe(304);

    await owner.caller.profile.updateMe({ display_name: "A Completely New Name" });
    const second = await fetch(`${server.origin}/u/${owner.slug}/og.png`, { headers: { "if-none-match": etag } });
    expect(second.status).toBe(200);
    const secondBytes = Buffer.from(await second.arrayBuffer());
    expect(pngSize(secondBytes)).toEqual({ width: 1200, height: 630 });
    expect(secondBytes.equals(firstBytes)).toBe(false);
  });

  it("is 404 for a private page, an unknown page and a hostile slug", async () => {
    const owner = await creator("ogprivate");
    expect((await fetch(`${server.origin}/u/${owner.slug}/og.png`)).status).toBe(200);
    await owner.caller.profile.updateMe({ profile_visibility: "private" });
    expect((await fetch(`${server.origin}/u/${owner.slug}/og.png`)).status).toBe(404);
    expect((await fetch(`${server.origin}/u/nobody_${randomUUID().slice(0, 8)}/og.png`)).status).toBe(404);
    for (const hostile of ["a%00b", "..%2f..%2fetc", "%E0%A4%A", "x".repeat(100)]) {
      expect((await fetch(`${server.origin}/u/${hostile}/og.png`)).status).toBe(404);
    }
  });
});

describe("the page's icons", () => {
  it("uses the creator's initial in the page's colours when there is no avatar, and the app icon at /favicon.ico", async () => {
    const { slug } = await creator("icon");
    const html = await (await fetch(`${server.origin}/u/${slug}`)).text();
    const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    expect(icon).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(icon!.slice("data:image/svg+xml,".length))).toContain(">I</text>");
    const favicon = await fetch(`${server.origin}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toBe("image/x-icon");
  });
});

describe("QR codes", () => {
  it("REST answers a public page's code as a PNG that decodes to the page address with ?ref=qr", async () => {
    const { slug } = await creator("qrpng");
    const response = await rest(`/profiles/${slug}/qr/?format=png&size=300`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toBe(`inline; filename="${slug}-qr-300.png"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 300, height: 300 });
    expect(decodeQr(bytes)).toBe(`${appOrigin()}/${slug}?ref=qr`);
  });

  it("REST answers SVG, and unlisted pages too", async () => {
    const owner = await creator("qrsvg");
    await owner.caller.profile.updateMe({ profile_visibility: "unlisted" });
    const response = await rest(`/profiles/${owner.slug}/qr?format=svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(decodeSvgQr(await response.text())).toEqual({ width: "512", height: "512", target: `${appOrigin()}/${owner.slug}?ref=qr` });
  });

  it("draws the owner's SVG (the share panel's preview and download) as well-formed XML that scans, in the page's colours too", async () => {
    const owner = await creator("qrown");
    for (const colors of ["standard", "page"] as const) {
      const image = await owner.caller.share.myQrCode({ format: "svg", size: 256, colors });
      const drawn = decodeSvgQr(Buffer.from(image.data_base64, "base64").toString("utf8"));
      expect(drawn, colors).toEqual({ width: "256", height: "256", target: `${appOrigin()}/${owner.slug}?ref=qr` });
    }
  });

  it("REST is 404 for private and unknown pages, 400 for a bad size or format", async () => {
    const owner = await creator("qrprivate");
    await owner.caller.profile.updateMe({ profile_visibility: "private" });
    for (const path of [`/profiles/${owner.slug}/qr/`, `/profiles/nobody_${randomUUID().slice(0, 8)}/qr/`]) {
      const response = await rest(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: "Profile not found", code: "not_found" });
    }
    const visible = await creator("qrbad");
    for (const query of ["size=100", "size=4096", "size=abc", "size=512.5", "format=gif", "colors=neon"]) {
      const response = await rest(`/profiles/${visible.slug}/qr/?${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).detail, query).toBeTruthy();
    }
  });

  it("the owner's code of a private page comes through tRPC, in the page's colours when they scan", async () => {
    const owner = await creator("qrown");
    await owner.caller.profile.updateMe({ profile_visibility: "private" });
    await owner.caller.design.save({ text_color: "#1e3a8a", background_color: "#fef3c7" });
    const image = await owner.caller.share.myQrCode({ format: "png", size: 256, colors: "page" });
    expect(image.address).toBe(`${appOrigin()}/${owner.slug}`);
    const bytes = Buffer.from(image.data_base64, "base64");
    expect(decodeQr(bytes)).toBe(`${appOrigin()}/${owner.slug}?ref=qr`);
    const { data } = PNG.sync.read(bytes);
    expect([data[0], data[1], data[2]]).toEqual([0xfe, 0xf3, 0xc7]);
    expect(image.page_colors).toBe("drawn");
  });

  it("says when the page's colours change nothing visible: close to black on white, or too close to scan", async () => {
    const owner = await creator("qrsay");
    const drawn = (colors: "page" | "standard") => owner.caller.share.myQrCode({ format: "svg", size: 256, colors });
    expect((await drawn("standard")).page_colors).toBeNull();
    // The default page (#111827 on white) looks like the standard code.
    expect((await drawn("page")).page_colors).toBe("like_standard");
    await owner.caller.design.save({ text_color: "#eeeeee", background_color: "#ffffff" });
    expect((await drawn("page")).page_colors).toBe("too_close");
  });
});

describe("a visit through the QR code", () => {
  it('is recorded with the referrer "QR code", and the page cache does not split on the marker', async () => {
    const owner = await creator("qrvisit");
    const headers = { "user-agent": BROWSER_UA, "x-forwarded-for": "198.51.100.77" };
    const marked = await fetch(`${server.origin}/u/${owner.slug}?ref=qr`, { headers });
    const page = cachedPage(owner.slug);
    expect(marked.headers.get("etag")).toBe(page?.etag);
    await fetch(`${server.origin}/u/${owner.slug}`, {
      headers: { ...headers, "x-forwarded-for": "198.51.100.78", referer: "https://www.instagram.com/someone" },
    });
    expect(cachedPage(owner.slug)).toBe(page);
    await flushAnalytics();
    const { referrers } = await getReferrers(getDatabase().sql, { profileId: owner.profileId, days: 7 });
    expect(referrers.map((entry) => entry.referrer).sort()).toEqual(["Instagram", "QR code"]);
  });
});
