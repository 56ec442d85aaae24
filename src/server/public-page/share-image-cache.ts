import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { getDatabase } from "@/server/db/client";
import { onPageChange, type PageChange } from "@/server/db/page-changes";
import { pageAddressOf } from "@/server/services/share/page-address";

export interface ShareImage {
  png: Buffer;
  etag: string;
}

interface Entry extends ShareImage {
  /** The cached page's ETag it was drawn for: a page edit changes it, so a stale image is never served. */
  version: string;
  profileId: string | null;
  ownerId: string | null;
}

interface Owner {
  profileId: string | null;
  ownerId: string | null;
}

const MAX_ENTRIES = 256;
/** PNG bytes kept at most; the least recently served image goes first. */
export const SHARE_IMAGES_MAX_BYTES = 24 * 1024 * 1024;

// Kept by the thread that serves visitors, like the page cache; writes in the web app's thread reach it as page changes.
const slot = globalThis as unknown as {
  __linkbioShareImages?: { images: LRUCache<string, Entry>; drawing: Map<string, Promise<ShareImage | null>> };
};

function state() {
  if (!slot.__linkbioShareImages) {
    const images = new LRUCache<string, Entry>({
      max: MAX_ENTRIES,
      maxSize: SHARE_IMAGES_MAX_BYTES,
      sizeCalculation: (entry) => entry.png.byteLength + 1,
    });
    slot.__linkbioShareImages = { images, drawing: new Map() };
    onPageChange(dropChanged);
  }
  return slot.__linkbioShareImages;
}

/** Frees the images of the pages a change touched, as the page cache drops their pages. */
function dropChanged(change: PageChange): void {
  const { images } = state();
  if (change.everything) return images.clear();
  for (const slug of change.slugs) images.delete(slug);
  const profiles = new Set(change.profileIds);
  const users = new Set(change.userIds);
  const touched = [...images.entries()].filter(
    ([, entry]) => (entry.profileId && profiles.has(entry.profileId)) || (entry.ownerId && users.has(entry.ownerId)),
  );
  for (const [slug] of touched) images.delete(slug);
}

async function draw(slug: string, address: string): Promise<ShareImage | null> {
  // Loaded on the first drawing, so serving pages never pays for the layout engine and rasteriser.
  const { loadShareCard, renderShareImage } = await import("@/server/services/share/og-image");
  const card = await loadShareCard(getDatabase().prisma, slug, address);
  if (!card) return null;
  const png = await renderShareImage(card);
  return { png, etag: `"${createHash("sha1").update(png).digest("base64url")}"` };
}

/** Where a share image is shown: its page's cache key and the address it prints (a custom domain's own). */
export interface ShareSite {
  key: string;
  address: string;
}

/**
 * The share image of a visible page whose cached version is `version`, drawn once per version
 * (concurrent requests share one drawing); null when the page is not visible.
 */
export async function shareImageOf(
  slug: string,
  version: string,
  owner: Owner,
  site: ShareSite = { key: slug, address: pageAddressOf(slug) },
): Promise<ShareImage | null> {
  const { images, drawing } = state();
  const cached = images.get(site.key);
  if (cached?.version === version) return cached;
  const drawingKey = `${site.key}\u0002${version}`;
  let pending = drawing.get(drawingKey);
  if (!pending) {
    pending = draw(slug, site.address).finally(() => drawing.delete(drawingKey));
    drawing.set(drawingKey, pending);
  }
  const image = await pending;
  if (image) images.set(site.key, { ...image, version, ...owner });
  return image;
}

/** Images and PNG bytes held now. */
export function shareImageCacheSize(): { images: number; bytes: number } {
  const { images } = state();
  return { images: images.size, bytes: images.calculatedSize };
}
