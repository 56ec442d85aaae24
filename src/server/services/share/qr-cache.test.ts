import { describe, expect, it } from "vitest";
import type { QrImage, QrOptions } from "@/lib/schemas/share";
import { cachedQrCode, QR_CACHE_MAX_BYTES, qrCacheSize } from "./qr-cache";

const OPTIONS: QrOptions = { format: "png", size: 2048, colors: "standard" };
const DESIGN = { text_color: "#000000", background_color: "#ffffff" };
const image = (bytes: number): QrImage => ({
  address: "a",
  target: "a?ref=qr",
  content_type: "image/png",
  filename: "a.png",
  data_base64: "A".repeat(bytes),
  page_colors: null,
});

describe("the QR code cache", () => {
  it("draws once for concurrent requests and forgets a failed drawing", async () => {
    let drawings = 0;
    const draw = () => {
      drawings += 1;
      return Promise.resolve(image(10));
    };
    const [first, second] = await Promise.all([cachedQrCode("once", OPTIONS, DESIGN, draw), cachedQrCode("once", OPTIONS, DESIGN, draw)]);
    expect(first).toBe(second);
    expect(drawings).toBe(1);
    await expect(cachedQrCode("fails", OPTIONS, DESIGN, () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cachedQrCode("fails", OPTIONS, DESIGN, draw)).toEqual(image(10));
  });

  it(`holds at most ${QR_CACHE_MAX_BYTES / 2 ** 20} MB of images, letting the least recently used go first`, async () => {
    const large = () => Promise.resolve(image(1024 * 1024));
    await cachedQrCode("kept", OPTIONS, DESIGN, large);
    await cachedQrCode("dropped", OPTIONS, DESIGN, large);
    for (let i = 0; i < 40; i++) {
      await cachedQrCode("kept", OPTIONS, DESIGN, () => Promise.reject(new Error("drawn again")));
      await cachedQrCode(`page-${i}`, OPTIONS, DESIGN, large);
    }
    expect(qrCacheSize().bytes).toBeLessThanOrEqual(QR_CACHE_MAX_BYTES);
    expect(qrCacheSize().codes).toBeLessThan(20);
    let redrawn = false;
    await cachedQrCode("dropped", OPTIONS, DESIGN, () => ((redrawn = true), large()));
    expect(redrawn).toBe(true);
  });
});
