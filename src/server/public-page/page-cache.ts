import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";

export interface CachedPage {
  status: number;
  html: Buffer;
  gzipped: Buffer;
  etag: string;
  profileId: string | null;
  ownerId: string | null;
  indexable: boolean;
  /** When the page must be rendered afresh (epoch ms), or null to keep it until an edit empties the cache. */
  expiresAt: number | null;
}

/** Clicks do not empty the cache, so a page that shows click counts is re-rendered this often. */
export const CLICK_COUNTS_MAX_AGE_MS = 60_000;

// Shared by every module copy in the process (the custom server's and Next's bundle), so a write
// made through either one empties the cache both read.
const slot = globalThis as unknown as { __linkbioPageCache?: Map<string, CachedPage> };
const MAX_ENTRIES = 5_000;

function cache(): Map<string, CachedPage> {
  slot.__linkbioPageCache ??= new Map();
  return slot.__linkbioPageCache;
}

export function cachedPage(slug: string, now = Date.now()): CachedPage | undefined {
  const page = cache().get(slug);
  if (page && page.expiresAt !== null && page.expiresAt <= now) {
    cache().delete(slug);
    return undefined;
  }
  return page;
}

export type RenderedPage = Omit<CachedPage, "gzipped" | "etag">;

/** Adds the compressed body and the validator a response needs. */
export function finishPage(page: RenderedPage): CachedPage {
  return { ...page, gzipped: gzipSync(page.html), etag: `"${createHash("sha1").update(page.html).digest("base64url")}"` };
}

export function storePage(slug: string, page: RenderedPage): CachedPage {
  const entries = cache();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  const stored = finishPage(page);
  entries.set(slug, stored);
  return stored;
}

/** Any edit to a profile, its links or its design empties the cache; pages re-render on next visit. */
export function invalidatePublicPages(): void {
  cache().clear();
}
