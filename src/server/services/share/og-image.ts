import path from "node:path";
import { sharp } from "@/server/services/assets/sharp";
import type { PrismaClient } from "@/generated/prisma/client";
import { ownAssetId } from "@/lib/asset-url";
import { FONT_PACKAGES } from "@/lib/design/fonts";
import { normalizeDesign } from "@/lib/design/normalize";
import { OG_IMAGE_SIZE } from "@/lib/share/share-image-size";
import { readableColors } from "@/lib/design/page-colors";
import { opaqueHex } from "@/lib/share/scan-colors";
import { findAsset } from "../assets/assets";
import { thumbnailPng } from "../assets/image-check";
import { renderInWorker, type RenderJob } from "./render-pool";

/** What a share image shows: the page's face in its colours. */
export interface ShareCard {
  name: string;
  bio: string;
  address: string;
  initial: string;
  /** The avatar as a PNG data URL, or null to show the initial. */
  avatar: string | null;
  /** A CSS background: a colour or a linear gradient. */
  background: string;
  /** The solid colour nearest the background, for the initial drawn on the text colour. */
  ground: string;
  text: string;
  fontFamily: string;
}

const DRAWABLE_AVATARS = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** The .woff files (satori reads no woff2) of a bundled family, else Inter: Latin, and Latin Extended as a fallback, at 400 and 700. */
function fontFilesOf(family: string): RenderJob["fontFiles"] {
  const pkg = FONT_PACKAGES[family] ?? "inter";
  return (["latin", "latin-ext"] as const).flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({
      name: subset === "latin" ? pkg : `${pkg}-ext`,
      file: path.join(process.cwd(), "node_modules/@fontsource", pkg, "files", `${pkg}-${subset}-${weight}-normal.woff`),
      weight,
      style: "normal" as const,
    })),
  );
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

function draw(card: ShareCard): Promise<Buffer> {
  return renderInWorker({ tree: cardTree(card), ...OG_IMAGE_SIZE, fontFiles: fontFilesOf(card.fontFamily) });
}

let fallback: Promise<Buffer> | null = null;

/** The plain image served when a card cannot be drawn: the product's colour at the share image's size. */
export function fallbackShareImage(): Promise<Buffer> {
  fallback ??= sharp({ create: { ...OG_IMAGE_SIZE, channels: 3, background: "#667eea" } })
    .png()
    .toBuffer();
  return fallback;
}

/**
 * Draws a share card as a 1200×630 PNG in the render worker (satori lays it out, resvg rasterises it).
 * An avatar that fails gives way to the initial; a card that still fails (time or memory limit) gives
 * way to the plain fallback image, so the answer is always an image.
 */
export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  try {
    return await draw(card);
  } catch {
    if (card.avatar) {
      try {
        return await draw({ ...card, avatar: null });
      } catch {
        // Falls through to the plain image.
      }
    }
    return fallbackShareImage();
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
  // Drawn from a small copy made within the pixel limits, so even an image stored before they existed costs little.
  const thumbnail = asset && DRAWABLE_AVATARS.has(asset.mime) ? await thumbnailPng(asset.bytes, AVATAR * 2) : null;
  const avatar = thumbnail ? `data:image/png;base64,${thumbnail.toString("base64")}` : null;
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
