import { appOrigin } from "@/server/config/app-origin";
import { getDatabase } from "@/server/db/client";
import { counts } from "@/server/metrics/counts";
import { loadPublicProfile } from "@/server/services/public-profile";
import { renderProfileDocument } from "./document";
import { cachedPage, CLICK_COUNTS_MAX_AGE_MS, startRender, storePage, type CachedPage, type RenderedPage } from "./page-cache";
import { renderStatusDocument } from "./status-document";

/** Where a page is served: the app's host, or a custom domain with its own origin and cache entry. */
export interface PageSite {
  key: string;
  origin: string;
}

/** Renders a slug's page as `viewer` sees it, its absolute addresses on `origin`; a visitor's version is what gets cached. */
export async function renderPage(slug: string, viewer: string | null, origin = appOrigin()): Promise<RenderedPage> {
  const result = await loadPublicProfile(getDatabase().sql, slug, viewer);
  if (result.status === "not_found") {
    return {
      status: 404,
      html: Buffer.from(renderStatusDocument("not_found")),
      profileId: null,
      ownerId: null,
      countsViews: false,
      indexable: false,
      expiresAt: null,
    };
  }
  if (result.status === "private") {
    const html = Buffer.from(renderStatusDocument("private"));
    return {
      status: 200,
      html,
      profileId: result.profileId,
      ownerId: result.ownerId,
      countsViews: false,
      indexable: false,
      expiresAt: null,
    };
  }
  const indexable = result.visibility === "public";
  const html = renderProfileDocument(result.data, { origin, indexable, ownDomain: origin !== appOrigin() });
  const showsClicks = result.data.links.some((link) => link.clicks !== null);
  const expiries = [showsClicks ? Date.now() + CLICK_COUNTS_MAX_AGE_MS : null, result.nextChangeAt?.getTime() ?? null].filter(
    (at) => at !== null,
  );
  const expiresAt = expiries.length > 0 ? Math.min(...expiries) : null;
  return {
    status: 200,
    html: Buffer.from(html),
    profileId: result.profileId,
    ownerId: result.ownerId,
    countsViews: true,
    indexable,
    expiresAt,
  };
}

/** Renders under way by cache key, with the change count they began at (a render begun before a change is not joined after it). */
const rendering = new Map<string, { sequence: number; page: Promise<CachedPage> }>();

/**
 * The cached visitor's page, or a fresh render kept unless an edit landed while it was rendered.
 * Visitors asking for a page while it is being rendered wait for that render rather than start
 * their own, so a popular page missing from the cache is read from the database once.
 */
export async function visitorPage(slug: string, site: PageSite = { key: slug, origin: appOrigin() }): Promise<CachedPage> {
  const cached = cachedPage(site.key);
  if (cached) {
    counts.pageCacheHits += 1;
    return cached;
  }
  counts.pageCacheMisses += 1;
  const ticket = startRender();
  const pending = rendering.get(site.key);
  if (pending && pending.sequence === ticket.sequence) return pending.page;
  const page = renderPage(slug, null, site.origin).then((rendered) => storePage(site.key, rendered, ticket));
  const entry = { sequence: ticket.sequence, page };
  rendering.set(site.key, entry);
  try {
    return await page;
  } finally {
    if (rendering.get(site.key) === entry) rendering.delete(site.key);
  }
}
