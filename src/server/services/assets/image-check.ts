import type { Metadata } from "sharp";
import { sharp } from "./sharp";

/** The largest image accepted anywhere (docs/accounts.md#input-rules): per side, and in total. */
export const MAX_IMAGE_SIDE = 4096;
export const MAX_IMAGE_PIXELS = 16_000_000;

const FORMATS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpeg", "image/gif": "gif", "image/webp": "webp" };

export type ImageProblem = "unreadable" | "too_large";

/**
 * Decodes an image far enough to know it is what it claims: its header's format and dimensions,
 * within the limits, then every pixel row (into a tiny thumbnail, so memory stays small), so a
 * truncated or forged body is caught. libvips does the work on its own threads.
 */
export async function checkImage(bytes: Uint8Array, mime: string): Promise<ImageProblem | null> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return "unreadable";
  }
  if (metadata.format !== FORMATS[mime] || !metadata.width || !metadata.height) return "unreadable";
  const height = metadata.pageHeight ?? metadata.height;
  if (metadata.width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || metadata.width * height > MAX_IMAGE_PIXELS) return "too_large";
  try {
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated" }).resize(8, 8, { fit: "inside" }).raw().toBuffer();
  } catch {
    return "unreadable";
  }
  return null;
}

/** A stored image as a small PNG of at most `side` pixels a side, or null when it cannot be read within the limits. */
export async function thumbnailPng(bytes: Uint8Array, side: number): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated" })
      .resize(side, side, { fit: "cover" })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
