import type { QrImage, QrOptions } from "@/lib/schemas/share";

const MAX_ENTRIES = 256;

interface PageColors {
  text_color: string;
  background_color: string;
}

// Shared by every module copy in the process (the custom server's and Next's).
const slot = globalThis as unknown as { __linkbioQrCodes?: Map<string, Promise<QrImage>> };

/**
 * A page's code drawn once per version of what it shows (address, colours, format and size), so
 * repeated requests cost a lookup; concurrent requests share one drawing. A failed drawing is
 * forgotten, and the least recently used code goes first once the cache is full.
 */
export function cachedQrCode(address: string, options: QrOptions, design: PageColors, draw: () => Promise<QrImage>): Promise<QrImage> {
  const codes = (slot.__linkbioQrCodes ??= new Map<string, Promise<QrImage>>());
  const key = JSON.stringify([address, options.format, options.size, options.colors, design.text_color, design.background_color]);
  const cached = codes.get(key);
  if (cached) {
    codes.delete(key);
    codes.set(key, cached);
    return cached;
  }
  const drawing = draw();
  drawing.catch(() => codes.delete(key));
  codes.set(key, drawing);
  if (codes.size > MAX_ENTRIES) codes.delete(codes.keys().next().value as string);
  return drawing;
}
