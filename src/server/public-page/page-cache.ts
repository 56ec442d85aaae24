import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { onPageChange, type PageChange } from "@/server/db/page-changes";

export interface CachedPage {
  status: number;
  html: Buffer;
  gzipped: Buffer;
  etag: string;
  /** The profile shown (or kept private) under this slug; null when no profile has it. */
  profileId: string | null;
  ownerId: string | null;
  /** Whether a visit to it counts as a page view (a profile's visible page). */
  countsViews: boolean;
  indexable: boolean;
  /** When the page must be rendered afresh (epoch ms), or null to keep it until an edit changes it. */
  expiresAt: number | null;
}

/** Clicks do not change a cached page, so a page that shows click counts is re-rendered this often. */
export const CLICK_COUNTS_MAX_AGE_MS = 60_000;

interface CacheState {
  /** The least recently read page goes first, past MAX_ENTRIES pages or PAGE_CACHE_MAX_BYTES of gzipped bodies. */
  pages: LRUCache<string, CachedPage>;
  /** Plain bodies of the most recently read pages, by etag; a page whose plain body went is inflated again when asked. */
  plainBodies: LRUCache<string, Buffer>;
  /** Count of changes seen so far; a render remembers it to learn whether its page changed since. */
  sequence: number;
  /** The sequence of the last change to each slug, profile or user (`s:`, `p:`, `u:` keys). */
  changedAt: Map<string, number>;
  /** The sequence at which everything last changed (or the record of changes was forgotten). */
  everythingChangedAt: number;
}

// Kept by the thread that serves visitors; writes anywhere reach it as page changes (db/page-changes.ts).
const slot = globalThis as unknown as { __linkbioPageCache?: CacheState };
const MAX_ENTRIES = 20_000;
/**
 * Gzipped bodies kept at most: thousands of visited or probed slugs cannot grow the process past it.
 * Pages are kept gzipped (about a quarter of their size), so many creators' pages fit (docs/public-page.md#the-public-page).
 */
export const PAGE_CACHE_MAX_BYTES = 48 * 1024 * 1024;
/** Plain bodies kept at most, for clients that do not take gzip: the most recently read pages'. */
export const PLAIN_BODIES_MAX_BYTES = 16 * 1024 * 1024;
const MAX_REMEMBERED_CHANGES = 20_000;

const newPages = () =>
  new LRUCache<string, CachedPage>({
    max: MAX_ENTRIES,
    maxSize: PAGE_CACHE_MAX_BYTES,
    sizeCalculation: (page) => page.gzipped.byteLength + 1,
  });

const newPlainBodies = () =>
  new LRUCache<string, Buffer>({ max: MAX_ENTRIES, maxSize: PLAIN_BODIES_MAX_BYTES, sizeCalculation: (body) => body.byteLength + 1 });

function state(): CacheState {
  if (!slot.__linkbioPageCache) {
    slot.__linkbioPageCache = {
      pages: newPages(),
      plainBodies: newPlainBodies(),
      sequence: 0,
      changedAt: new Map(),
      everythingChangedAt: 0,
    };
    onPageChange(applyPageChange);
  }
  return slot.__linkbioPageCache;
}

// Joins a slug and the custom domain it is served on; no page path can hold it (control characters never reach a lookup).
const SITE_SEPARATOR = "\u0001";

/**
 * The cache key of a slug's page: the slug itself on the app's host, the slug and the domain on a
 * custom domain, whose page differs only in its own absolute addresses.
 */
export function pageCacheKey(slug: string, domain?: string): string {
  return domain ? `${slug}${SITE_SEPARATOR}${domain}` : slug;
}

const slugOfKey = (key: string) => key.split(SITE_SEPARATOR, 1)[0]!;

export function cachedPage(key: string, now = Date.now()): CachedPage | undefined {
  const { pages } = state();
  const page = pages.get(key);
  if (page && page.expiresAt !== null && page.expiresAt <= now) {
    pages.delete(key);
    return undefined;
  }
  return page;
}

export type RenderedPage = Omit<CachedPage, "gzipped" | "etag">;

/**
 * zlib's synchronous output is a slice of a 16 KB chunk, so a 2 KB gzipped page kept as it came would
 * hold all 16 KB (20,000 pages: 320 MB that the cache's byte count never saw); a kept body owns its bytes.
 */
export function ownBytes(buffer: Buffer): Buffer {
  if (buffer.buffer.byteLength === buffer.byteLength) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(own);
  return own;
}

/** Adds the compressed body and the validator a response needs. */
export function finishPage(page: RenderedPage): CachedPage {
  return { ...page, gzipped: ownBytes(gzipSync(page.html)), etag: `"${createHash("sha1").update(page.html).digest("base64url")}"` };
}

/** Taken before a render reads the database, so a change that lands during the render is noticed. */
export interface RenderTicket {
  sequence: number;
}

export function startRender(): RenderTicket {
  return { sequence: state().sequence };
}

const keysOf = (slug: string, page: RenderedPage) => [
  `s:${slug}`,
  ...(page.profileId ? [`p:${page.profileId}`] : []),
  ...(page.ownerId ? [`u:${page.ownerId}`] : []),
];

function changedSince(slug: string, page: RenderedPage, ticket: RenderTicket): boolean {
  const current = state();
  if (current.everythingChangedAt > ticket.sequence) return true;
  return keysOf(slug, page).some((key) => (current.changedAt.get(key) ?? 0) > ticket.sequence);
}

/** The page as the cache holds it: its plain body read from the recent plain bodies, or inflated from the gzipped one. */
function keptPage(page: CachedPage): CachedPage {
  const { html, ...kept } = page;
  const { plainBodies } = state();
  plainBodies.set(page.etag, html);
  return Object.defineProperty(kept, "html", {
    enumerable: true,
    get(): Buffer {
      let body = plainBodies.get(kept.etag);
      if (!body) plainBodies.set(kept.etag, (body = ownBytes(gunzipSync(kept.gzipped))));
      return body;
    },
  }) as CachedPage;
}

/**
 * Keeps a rendered page unless what it shows changed after the render began (it may hold the
 * state before the edit); either way the caller gets the finished page to send.
 */
export function storePage(key: string, page: RenderedPage, ticket: RenderTicket): CachedPage {
  const finished = finishPage(page);
  if (changedSince(slugOfKey(key), page, ticket)) return finished;
  const kept = keptPage(finished);
  state().pages.set(key, kept);
  return kept;
}

/** Drops the pages a change touched (by slug, profile or owner) and records it for renders under way. */
export function applyPageChange(change: PageChange): void {
  const current = state();
  current.sequence += 1;
  if (change.everything || current.changedAt.size > MAX_REMEMBERED_CHANGES) {
    current.pages.clear();
    current.plainBodies.clear();
    current.changedAt.clear();
    current.everythingChangedAt = current.sequence;
    if (change.everything) return;
  }
  const profileIds = new Set(change.profileIds);
  const userIds = new Set(change.userIds);
  const slugs = new Set(change.slugs);
  for (const slug of slugs) {
    current.changedAt.set(`s:${slug}`, current.sequence);
    current.pages.delete(slug);
  }
  for (const id of profileIds) current.changedAt.set(`p:${id}`, current.sequence);
  for (const id of userIds) current.changedAt.set(`u:${id}`, current.sequence);
  if (profileIds.size === 0 && userIds.size === 0 && (slugs.size === 0 || !hasDomainPages(current))) return;
  const touched = [...current.pages.entries()].filter(
    ([key, page]) =>
      (page.profileId && profileIds.has(page.profileId)) ||
      (page.ownerId && userIds.has(page.ownerId)) ||
      (key.includes(SITE_SEPARATOR) && slugs.has(slugOfKey(key))),
  );
  for (const [key] of touched) current.pages.delete(key);
}

function hasDomainPages(current: CacheState): boolean {
  for (const key of current.pages.keys()) if (key.includes(SITE_SEPARATOR)) return true;
  return false;
}

/** Pages and bytes of their gzipped bodies held now, and bytes of the plain bodies kept beside them. */
export function pageCacheSize(): { pages: number; bytes: number; plainBytes: number } {
  const { pages, plainBodies } = state();
  return { pages: pages.size, bytes: pages.calculatedSize, plainBytes: plainBodies.calculatedSize };
}

/** Drops every cached page. */
export function invalidatePublicPages(): void {
  applyPageChange({ everything: true });
}
