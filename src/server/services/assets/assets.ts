import { createHash } from "node:crypto";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { ASSET_URL_PREFIX, ownAssetId } from "@/lib/asset-url";
import { ServiceError } from "../errors";
import { checkImage, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from "./image-check";
import { sniffType, type AssetKind } from "./sniff";

export { ASSET_URL_PREFIX };
const MEGABYTE = 1024 * 1024;
const KILOBYTE = 1024;

/** Where each upload is used, what it may be and how large. */
export const UPLOAD_RULES = {
  avatar: { kind: "image", maxBytes: 2 * MEGABYTE, label: "Avatar" },
  background: { kind: "image", maxBytes: 5 * MEGABYTE, label: "Background image" },
  music: { kind: "audio", maxBytes: 10 * MEGABYTE, label: "Background music" },
  thumbnail: { kind: "image", maxBytes: 512 * KILOBYTE, label: "Thumbnail" },
  icon: { kind: "image", maxBytes: 512 * KILOBYTE, label: "Icon" },
} as const satisfies Record<string, { kind: AssetKind; maxBytes: number; label: string }>;
export type UploadPurpose = keyof typeof UPLOAD_RULES;

/** Body room for the largest files of these purposes sent at once as data URLs (base64 grows by a third, plus a prefix each). */
export function dataUrlRoom(...purposes: UploadPurpose[]): number {
  return purposes.reduce((room, purpose) => room + Math.ceil(UPLOAD_RULES[purpose].maxBytes / 3) * 4 + KILOBYTE, 0);
}

const ACCEPTED: Record<AssetKind, string> = {
  image: "a PNG, JPEG, WebP or GIF image",
  audio: "an MP3, OGG or WAV file",
};

function sizeText(bytes: number): string {
  return bytes >= MEGABYTE ? `${bytes / MEGABYTE} MB` : `${bytes / KILOBYTE} KB`;
}

function decodeDataUrl(dataUrl: string): Uint8Array<ArrayBuffer> | null {
  const match = /^data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  return match ? new Uint8Array(Buffer.from(match[1]!, "base64")) : null;
}

/** Bytes that passed an upload's checks, ready to be stored under their content hash. */
export interface CheckedUpload {
  id: string;
  mime: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * An upload's checks on its bytes, wherever they came from (a data URL, an imported file, a fetched
 * image): the real type from its bytes, the size limit, and an image decoded within its pixel limits.
 */
export async function checkUpload(purpose: UploadPurpose, field: string, bytes: Uint8Array<ArrayBuffer>): Promise<CheckedUpload> {
  const rule = UPLOAD_RULES[purpose];
  const refuse = (message: string): never => {
    throw new ServiceError("BAD_REQUEST", message, { fields: { [field]: [message] } });
  };
  if (bytes.byteLength > rule.maxBytes) {
    refuse(`${rule.label} must be at most ${sizeText(rule.maxBytes)}`);
  }
  const type = sniffType(bytes);
  if (type?.kind !== rule.kind) refuse(`${rule.label} must be ${ACCEPTED[rule.kind]}`);
  if (rule.kind === "image") {
    const problem = await checkImage(bytes, type!.mime);
    if (problem === "unreadable") refuse(`${rule.label} could not be read: the file is damaged or not ${ACCEPTED.image}`);
    if (problem === "too_large") {
      refuse(`${rule.label} must be at most ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} pixels and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
    }
  }
  return { id: createHash("sha256").update(bytes).digest("hex"), mime: type!.mime, bytes };
}

/** Stores checked bytes once by content hash (inside the caller's transaction when given one) and answers their address. */
export async function storeUpload(db: PrismaClient | Prisma.TransactionClient, upload: CheckedUpload): Promise<string> {
  const { id, mime, bytes } = upload;
  await db.asset.upsert({ where: { id }, create: { id, mime, size: bytes.byteLength, bytes }, update: {} });
  return `${ASSET_URL_PREFIX}${id}`;
}

/** The bytes of an image data URL, or null when it is not one. */
export function dataUrlBytes(dataUrl: string): Uint8Array<ArrayBuffer> | null {
  return decodeDataUrl(dataUrl);
}

/**
 * Resolves an upload field: null clears it, a URL we already serve is kept, a data URL is checked
 * (checkUpload) and stored once by content hash. Anything else is refused.
 */
export async function resolveUpload(db: PrismaClient, purpose: UploadPurpose, field: string, value: string | null): Promise<string | null> {
  if (value === null || value === "") return null;
  const rule = UPLOAD_RULES[purpose];
  const refuse = (message: string): never => {
    throw new ServiceError("BAD_REQUEST", message, { fields: { [field]: [message] } });
  };
  if (value.startsWith(ASSET_URL_PREFIX)) {
    const id = ownAssetId(value);
    const exists = id ? await db.asset.count({ where: { id } }) : 0;
    return exists ? value : refuse(`${rule.label} was not found`);
  }
  const bytes = decodeDataUrl(value) ?? refuse(`${rule.label} must be ${ACCEPTED[rule.kind]}`);
  return storeUpload(db, await checkUpload(purpose, field, bytes));
}

/** A stored asset by its content hash; anything but 64 hex digits is simply not found. */
export function findAsset(db: PrismaClient, id: string) {
  if (!/^[0-9a-f]{64}$/.test(id)) return Promise.resolve(null);
  return db.asset.findUnique({ where: { id } });
}
