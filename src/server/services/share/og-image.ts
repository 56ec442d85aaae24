import { readFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import type { PrismaClient } from "@/generated/prisma/client";
import { ownAssetId } from "@/lib/asset-url";
import { FONT_PACKAGES } from "@/lib/design/fonts";
import { normalizeDesign } from "@/lib/design/normalize";
import { OG_IMAGE_SIZE } from "@/lib/share/share-image-size";
import { readableColors } from "@/lib/design/page-colors";
import { opaqueHex } from "@/lib/share/scan-colors";
import { findAsset } from "../assets/assets";

/** What a share image shows: the page's face in its colours. */
export interface ShareCard {
  name: string;
  bio: string;
  address: string;
  initial: string;
  /** The avatar as a data URL satori can draw (PNG, JPEG or GIF), or null to show the initial. */
  avatar: string | null;
  /** A CSS background: a colour or a linear gradient. */
  background: string;
  /** The solid colour nearest the background, for the initial drawn on the text colour. */
  ground: string;
  text: string;
  fontFamily: string;
}

const DRAWABLE_AVATARS = new Set(["image/png", "image/jpeg", "image/gif"]);
const fontCache = new Map<string, { name: string; data: Buffer; weight: 400 | 700; style: "normal" }[]>();

/** The .woff files (satori reads no woff2) of a bundled family, else Inter: Latin, and Latin Extended as a fallback, at 400 and 700, read once. */
function fontsOf(family: string) {
  const pkg = FONT_PACKAGES[family] ?? "inter";
  let fonts = fontCache.get(pkg);
  if (!fonts) {
    fonts = (["latin", "latin-ext"] as const).flatMap((subset) =>
      ([400, 700] as const).map((weight) => ({
        name: subset === "latin" ? pkg : `${pkg}-ext`,
        data: readFileSync(path.join(process.cwd(), "node_modules/@fontsource", pkg, "files", `${pkg}-${subset}-${weight}-normal.woff`)),
        weight,
        style: "normal" as const,
      })),
    );
    fontCache.set(pkg, fonts);
  }
  return fonts;
}

const PADDING = 90;
const AVATAR = 220;
const GAP = 64;
const TEXT_WIDTH = OG_IMAGE_SIZE.width - 2 * PADDING - AVATAR - GAP;

function fontFamilyOf(family: string): string {
  const pkg = FONT_PACKAGES[family] ?? "inter";
  return `${pkg}, ${pkg}-ext`;
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { ...props, style, children },
});

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

function cardTree(card: ShareCard): Node {
  const avatar = card.avatar
    ? el("img", { width: AVATAR, height: AVATAR, borderRadius: AVATAR / 2, objectFit: "cover" }, undefined, {
        src: card.avatar,
        width: AVATAR,
        height: AVATAR,
      })
    : el(
        "div",
        {
          width: AVATAR,
          height: AVATAR,
          borderRadius: AVATAR / 2,
          flexShrink: 0,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          backgroundColor: card.text,
          color: card.ground,
          fontSize: 110,
          fontWeight: 700,
        },
        card.initial,
      );
  return el(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      alignItems: "center",
      padding: `0 ${PADDING}px`,
      gap: GAP,
      background: card.background,
      color: card.text,
      fontFamily: fontFamilyOf(card.fontFamily),
    },
    [
      avatar,
      el("div", { display: "flex", flexDirection: "column", width: TEXT_WIDTH, gap: 20 }, [
        el("div", { fontSize: 68, fontWeight: 700, lineHeight: 1.1 }, clip(card.name, 60)),
        ...(card.bio ? [el("div", { fontSize: 34, lineHeight: 1.35, opacity: 0.85 }, clip(card.bio, 180))] : []),
        el("div", { fontSize: 28, opacity: 0.7, marginTop: 12 }, card.address),
      ]),
    ],
  );
}

async function draw(card: ShareCard): Promise<Buffer> {
  const svg = await satori(cardTree(card) as unknown as Parameters<typeof satori>[0], {
    ...OG_IMAGE_SIZE,
    fonts: fontsOf(card.fontFamily),
  });
  return Buffer.from(new Resvg(svg, { fitTo: { mode: "original" } }).render().asPng());
}

/** Draws a share card as a 1200×630 PNG: satori lays it out as SVG, resvg rasterises it. */
export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  try {
    return await draw(card);
  } catch (error) {
    // An avatar the layout engine cannot decode gives way to the initial rather than failing the image.
    if (!card.avatar) throw error;
    return draw({ ...card, avatar: null });
  }
}

/** The share card of a visible page (null for a private or unknown one), avatar read from the assets store. */
export async function loadShareCard(db: PrismaClient, slug: string, address: string): Promise<ShareCard | null> {
  const profile = await db.profile.findUnique({ where: { slug }, include: { design: true } });
  if (!profile || profile.profile_visibility === "private") return null;
  const design = normalizeDesign(profile.design);
  const name = profile.display_name || profile.title || `@${profile.slug}`;
  const assetId = profile.avatar_url ? ownAssetId(profile.avatar_url) : null;
  const asset = assetId ? await findAsset(db, assetId) : null;
  const avatar =
    asset && DRAWABLE_AVATARS.has(asset.mime) ? `data:${asset.mime};base64,${Buffer.from(asset.bytes).toString("base64")}` : null;
  const start = opaqueHex(design.gradient_start, "#667eea");
  const end = opaqueHex(design.gradient_end, "#764ba2");
  return {
    name,
    bio: profile.bio ?? "",
    address: address.replace(/^https?:\/\//, ""),
    initial: (profile.display_name || profile.title || profile.slug).trim().charAt(0).toUpperCase() || "?",
    avatar,
    background:
      design.wallpaper_type === "gradient"
        ? `linear-gradient(${design.gradient_angle}deg, ${start}, ${end})`
        : opaqueHex(design.background_color, "#ffffff"),
    ground: design.wallpaper_type === "gradient" ? start : opaqueHex(design.background_color, "#ffffff"),
    text: opaqueHex(readableColors(design).colors.text, "#111827"),
    fontFamily: design.font_family,
  };
}
