import QRCode from "qrcode";
import sharp from "sharp";
import type { PrismaClient } from "@/generated/prisma/client";
import { normalizeDesign } from "@/lib/design/normalize";
import type { QrImage, QrOptions } from "@/lib/schemas/share";
import { qrTargetOf } from "@/lib/share/qr-marker";
import { opaqueHex, scannableColors, STANDARD_QR_COLORS } from "@/lib/share/scan-colors";
import { ServiceError } from "../errors";
import { requireCurrentProfile } from "../profiles/profiles";
import { assertWithinLimit } from "../rate-limit/limits";
import { pageAddressOf, pageAddressWithDomain } from "./page-address";
import { cachedQrCode } from "./qr-cache";

interface PageColors {
  text_color: string;
  background_color: string;
}

/** How far (per RGB channel) a colour may sit from black or white and still look like it in a code. */
const LOOKS_ALIKE = 48;
const channelsOf = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
const near = (hex: string, target: string) => channelsOf(hex).every((value, i) => Math.abs(value - channelsOf(target)[i]!) <= LOOKS_ALIKE);
/** Whether drawn colours look like the standard black on white (the default page's #111827 on white does). */
const looksStandard = (colors: { dark: string; light: string }) =>
  near(colors.dark, STANDARD_QR_COLORS.dark) && near(colors.light, STANDARD_QR_COLORS.light);

/** The page's own text and background as opaque hex, whether or not they scan. */
const pageInk = (design: PageColors) => ({
  dark: opaqueHex(design.text_color, "#000000"),
  light: opaqueHex(design.background_color, "#ffffff"),
});

const CONTENT_TYPES = { svg: "image/svg+xml", png: "image/png" } as const;

/**
 * Draws the code of a page's address with the QR marker: error correction H (readable with up to
 * 30 % of it covered or smudged), a quiet zone of four modules, `size` pixels per side.
 */
export async function drawQrCode(slug: string, options: QrOptions, design: PageColors, address = pageAddressOf(slug)): Promise<QrImage> {
  const target = qrTargetOf(address);
  const colors = options.colors === "page" ? scannableColors(design.text_color, design.background_color) : STANDARD_QR_COLORS;
  const fellBack = options.colors === "page" && colors.dark === STANDARD_QR_COLORS.dark && colors.light === STANDARD_QR_COLORS.light;
  const common = { errorCorrectionLevel: "H", margin: 4, width: options.size, color: colors } as const;
  // With `width`, qrcode's SVG root already carries width and height, so a downloaded file opens at the chosen size.
  const svg = Buffer.from(await QRCode.toString(target, { ...common, type: "svg" }));
  // sharp rasterises on libuv's thread pool: a 2048 px PNG never holds the event loop that serves every page.
  const bytes = options.format === "svg" ? svg : await sharp(svg).png().toBuffer();
  return {
    address,
    target,
    content_type: CONTENT_TYPES[options.format],
    filename: `${slug}-qr-${options.size}.${options.format}`,
    data_base64: bytes.toString("base64"),
    page_colors:
      options.colors !== "page"
        ? null
        : fellBack && !looksStandard(pageInk(design))
          ? "too_close"
          : looksStandard(colors)
            ? "like_standard"
            : "drawn",
  };
}

const withDesign = { design: true, custom_domain: { select: { domain: true, status: true } } } as const;

/** The page's address: its custom domain while active (docs/product/public-page.md#custom-domains), else the app's. */
const addressOf = (profile: { slug: string; custom_domain: { domain: string; status: string } | null }) =>
  pageAddressWithDomain(profile.slug, profile.custom_domain?.status === "active" ? profile.custom_domain.domain : null);

function cachedDrawing(slug: string, options: QrOptions, design: PageColors, address: string): Promise<QrImage> {
  return cachedQrCode(address, options, design, () => drawQrCode(slug, options, design, address));
}

/** A visible page's code for anyone (limited per client address); a private or unknown slug is not found. */
export async function publicQrCode(db: PrismaClient, slug: string, options: QrOptions, clientIp: string | null): Promise<QrImage> {
  await assertWithinLimit("qrCode", clientIp);
  const profile = await db.profile.findUnique({ where: { slug: slug.toLowerCase() }, include: withDesign });
  if (!profile || profile.profile_visibility === "private") throw new ServiceError("NOT_FOUND", "Profile not found");
  return cachedDrawing(profile.slug, options, normalizeDesign(profile.design), addressOf(profile));
}

/** The signed-in owner's current page's code, private pages included. */
export async function ownQrCode(db: PrismaClient, userId: string, options: QrOptions): Promise<QrImage> {
  const current = await requireCurrentProfile(db, userId);
  const profile = await db.profile.findUniqueOrThrow({ where: { id: current.id }, include: withDesign });
  return cachedDrawing(profile.slug, options, normalizeDesign(profile.design), addressOf(profile));
}
