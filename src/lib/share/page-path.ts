import { RESERVED_SLUGS } from "@/lib/reserved-slugs";

/** What a slug at the top level (/{slug}) may look like; anything else is only reachable under /u/. */
export const TOP_LEVEL_SLUG = /^[a-z0-9_-]{3,30}$/;

/** Whether /{slug} serves the page: a well-formed slug the app's own top-level paths do not hold. */
export function servedAtTopLevel(slug: string): boolean {
  return TOP_LEVEL_SLUG.test(slug) && !RESERVED_SLUGS.has(slug);
}

/**
 * A page's canonical path (docs/product/public-page.md#address): /{slug}; /u/{slug} answers the
 * same page as an alias, and stays the address of a slug the app's own paths hold (reserved later).
 */
export function pagePath(slug: string): string {
  return servedAtTopLevel(slug) ? `/${slug}` : `/u/${encodeURIComponent(slug)}`;
}
