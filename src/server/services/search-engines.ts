import type { PrismaClient } from "@/generated/prisma/client";
import { appOrigin } from "@/server/config/app-origin";
import { pageAddressOf } from "./share/page-address";

/**
 * What a crawler should not fetch: the API and the one-time links sent by email. The signed-in
 * screens need no line: a visitor without a session is sent to /login, whose pages say noindex, and
 * a disallowed screen would read as "blocked from indexing" to the creator's own Lighthouse run.
 */
export const DISALLOWED_PATHS = ["/api/", "/verify-email", "/revert-email", "/unsubscribe", "/reset-password"];

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_LIMIT = 50_000;
/** The list is read again at most this often; a page made public shows up within it. */
export const SITEMAP_MAX_AGE_MS = 5 * 60_000;

export interface SitemapEntry {
  address: string;
  lastModified: Date;
}

/** robots.txt: the app's private areas disallowed, everything else (public profile pages) allowed, and where the sitemap is. */
export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${appOrigin()}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Public (indexable) profiles only: never an unlisted or private one. Newest changes first. */
export async function sitemapEntries(db: PrismaClient): Promise<SitemapEntry[]> {
  const profiles = await db.profile.findMany({
    where: { profile_visibility: "public" },
    select: { slug: true, updated_at: true },
    orderBy: { updated_at: "desc" },
    take: SITEMAP_LIMIT,
  });
  return profiles.map((profile) => ({ address: pageAddressOf(profile.slug), lastModified: profile.updated_at }));
}

let cached: { at: number; entries: Promise<SitemapEntry[]> } | null = null;

/** The sitemap's entries, read at most once per SITEMAP_MAX_AGE_MS (a crawler asking often costs one query). */
export function cachedSitemapEntries(db: PrismaClient, now = Date.now()): Promise<SitemapEntry[]> {
  if (!cached || now - cached.at >= SITEMAP_MAX_AGE_MS) {
    const entries = sitemapEntries(db);
    cached = { at: now, entries };
    entries.catch(() => (cached = null));
  }
  return cached.entries;
}

/** Forgets the cached list (tests). */
export function forgetSitemap(): void {
  cached = null;
}
