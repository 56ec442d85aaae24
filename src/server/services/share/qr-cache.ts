import { LRUCache } from "lru-cache";
import type { QrImage, QrOptions } from "@/lib/schemas/share";

const MAX_ENTRIES = 256;
/** Image bytes (as base64) kept at most: 2048-pixel PNGs of many pages cannot grow the process past it. */
export const QR_CACHE_MAX_BYTES = 16 * 1024 * 1024;

interface PageColors {
  text_color: string;
  background_color: string;
}

interface QrCodes {
  /** Finished codes; the least recently used goes first past MAX_ENTRIES or QR_CACHE_MAX_BYTES. */
  drawn: LRUCache<string, QrImage>;
  /** Drawings under way, shared by concurrent requests. */
  drawing: Map<string, Promise<QrImage>>;
}

// One per thread, shared by every module copy in it (Next's bundle holds several).
const slot = globalThis as unknown as { __linkbioQrCodes?: QrCodes };

const codes = (): QrCodes =>
  (slot.__linkbioQrCodes ??= {
    drawn: new LRUCache({ max: MAX_ENTRIES, maxSize: QR_CACHE_MAX_BYTES, sizeCalculation: (image) => image.data_base64.length + 1 }),
    drawing: new Map(),
  });

/**
 * A page's code drawn once per version of what it shows (address, colours, format and size), so
 * repeated requests cost a lookup; concurrent requests share one drawing. A failed drawing is
 * forgotten.
 */
export async function cachedQrCode(
  address: string,
  options: QrOptions,
  design: PageColors,
  draw: () => Promise<QrImage>,
): Promise<QrImage> {
  const { drawn, drawing } = codes();
  const key = JSON.stringify([address, options.format, options.size, options.colors, design.text_color, design.background_color]);
  const cached = drawn.get(key);
  if (cached) return cached;
  let pending = drawing.get(key);
  if (!pending) {
    pending = draw()
      .then((image) => {
        drawn.set(key, image);
        return image;
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

/** Codes and bytes held now. */
export function qrCacheSize(): { codes: number; bytes: number } {
  const { drawn } = codes();
  return { codes: drawn.size, bytes: drawn.calculatedSize };
}
