import { STRICT_TRANSPORT_SECURITY } from "@/server/http/strict-transport";
import { policyOf, PUBLIC_PAGE_PERMISSIONS_POLICY } from "./content-security";
import type { CachedPage } from "./page-cache";

/** Header names and values in one flat list, as `writeHead` takes them without building anything. */
export type Head = string[];

export interface PageHeads {
  plain: Head;
  gzip: Head;
  notModified: Head;
}

/** Everything a page's answers carry but the body's encoding and length. */
function common(page: CachedPage, cacheable: boolean, https: boolean): Head {
  const head = [
    "content-type",
    "text/html; charset=utf-8",
    "cache-control",
    cacheable ? "public, no-cache" : "private, no-store",
    "vary",
    "accept-encoding, cookie",
    "x-content-type-options",
    "nosniff",
    "referrer-policy",
    "no-referrer",
    "content-security-policy",
    policyOf(page),
    "permissions-policy",
    PUBLIC_PAGE_PERMISSIONS_POLICY,
    "etag",
    page.etag,
  ];
  if (!page.indexable) head.push("x-robots-tag", "noindex, nofollow");
  if (https) head.push("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return head;
}

export function buildHeads(page: CachedPage, cacheable: boolean, https: boolean): PageHeads {
  const head = common(page, cacheable, https);
  return {
    plain: [...head, "content-length", String(page.html.byteLength)],
    gzip: [...head, "content-encoding", "gzip", "content-length", String(page.gzipped.byteLength)],
    notModified: head,
  };
}

// A cached page's heads are built once, with the page, over http and over https.
const cached = new WeakMap<CachedPage, { http?: PageHeads; https?: PageHeads }>();

/** The heads of a cached (visitor's) page. */
export function cachedHeads(page: CachedPage, https: boolean): PageHeads {
  let heads = cached.get(page);
  if (!heads) cached.set(page, (heads = {}));
  return https ? (heads.https ??= buildHeads(page, true, true)) : (heads.http ??= buildHeads(page, true, false));
}
