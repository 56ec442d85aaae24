import { z } from "zod";
import { publicSlugInput } from "./profile";
import { QR_FORMATS, QR_SIZE, QR_JSON_MAX_SIZE } from "./qr-terms";

export * from "./qr-terms";

const sizeField = (max: number) =>
  z
    .number({ error: sizeMessage(max) })
    .int(sizeMessage(max))
    .min(QR_SIZE.min, sizeMessage(max))
    .max(max, sizeMessage(max))
    .default(Math.min(QR_SIZE.default, max))
    .meta({ description: `Pixels per side, ${QR_SIZE.min} to ${max}.` });

function sizeMessage(max: number) {
  return `size must be a whole number from ${QR_SIZE.min} to ${max}`;
}

/** How a QR code is drawn: format, size, and the page's own colours when they scan well. */
export const qrOptions = z.strictObject({
  format: z.enum(QR_FORMATS, { error: "format must be svg or png" }).default("png").meta({ description: "`svg` or `png`." }),
  size: sizeField(QR_SIZE.max),
  colors: z.enum(["page", "standard"], { error: "colors must be page or standard" }).default("standard").meta({
    description: "`page`: the page's text colour on its background colour when they contrast enough to scan, else black on white.",
  }),
});
/** The owner's code inside JSON: at most QR_JSON_MAX_SIZE pixels, so a batch of them stays small. */
export const qrJsonOptions = qrOptions.extend({ size: sizeField(QR_JSON_MAX_SIZE) });
export type QrOptions = z.output<typeof qrOptions>;
export type QrOptionsInput = z.input<typeof qrOptions>;

/** A public page's QR code: the slug from the path, the options from the query. */
export const publicQrInput = qrOptions.extend({ slug: publicSlugInput.shape.slug });

/** A drawn QR code: the bytes (base64) with their type and a file name for downloads. */
export const qrImage = z.object({
  address: z.string().meta({ description: "The page address." }),
  target: z.string().meta({ description: "The address the code encodes: the page address marked as reached by QR code." }),
  content_type: z.enum(["image/svg+xml", "image/png"]),
  filename: z.string(),
  data_base64: z.string(),
  page_colors: z.enum(["drawn", "like_standard", "too_close"]).nullable().meta({
    description:
      "With `colors=page`: `drawn` in the page's colours, `like_standard` when those look like black on white anyway, `too_close` when they contrast too little to scan (black on white instead). Null for `standard`.",
  }),
});
export type QrImage = z.infer<typeof qrImage>;

/** Why visitors cannot open the current page's address (a loopback address, APP_URL unset), or null. */
export const addressNoticeOutput = z.object({ notice: z.string().nullable() });
