import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid 1-bit greyscale PNG of `width`×`height` zero pixels: tiny on disk, huge once decoded. */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG signature followed by markup. */
export const pngSignatureThenScript = Buffer.concat([PNG_SIGNATURE, Buffer.from("<script>alert(1)</script>")]);

/** A JPEG that declares 65500×65500 in its frame header and ends right after it. */
export function truncatedJpegHeader(): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0xff, 0xdc, 0xff, 0xdc, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0", "latin1"),
    frame,
  ]);
}

/** 29 bytes of GIF declaring a 65535×65535 screen and image. */
export const tinyGifBomb = Buffer.concat([
  Buffer.from("GIF89a", "ascii"),
  Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
  Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00]),
  Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
]);

/** A real JPEG cut in half: its header is fine, its pixels end early. */
export async function halfJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#3366cc" } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.byteLength / 2));
}

/** A solid PNG of exactly the given size. */
export function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#cc6633" } })
    .png()
    .toBuffer();
}

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;
