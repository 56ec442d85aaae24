import sharpItself from "sharp";
import { describe, expect, it } from "vitest";

describe("sharp, wherever the server draws or checks an image", () => {
  it("keeps no libvips operation cache and uses one thread per image, even when only the QR code path loaded it", async () => {
    await import("@/server/services/share/qr");
    const { memory, items } = sharpItself.cache();
    expect([memory.max, items.max]).toEqual([0, 0]);
    expect(sharpItself.concurrency()).toBe(1);
  });
});
