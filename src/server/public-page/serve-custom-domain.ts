import type { IncomingMessage, ServerResponse } from "node:http";
import { hostOfHeader } from "@/lib/domains/normalize-domain";
import { getDatabase } from "@/server/db/client";
import { servedDomain, servedDomainsLoading, startServingDomains, type ServedDomain } from "@/server/services/domains/served-domains";
import { customDomainOrigin } from "@/server/services/share/page-address";
import { clickUnavailable, imageUnavailable, notFound, unlessDatabaseDown } from "./answers";
import { pageCacheKey } from "./page-cache";
import { customDomainRoute } from "./routes";
import { serveFavicon, serveOwnAsset, serveStatic } from "./serve-assets";
import { serveClick } from "./serve-click";
import { servePublicPage } from "./serve-page";
import { serveShareImage } from "./serve-share-image";
import { serveSignupForm } from "./signup-form";
import type { PageSite } from "./visitor-page";

/** Waits at most this long for the first read of the custom domains (only the first requests after start can wait). */
const DOMAINS_FIRST_LOAD_WAIT_MS = 5_000;

/** The active custom domain this request's Host names, if any. */
export async function customDomainOf(request: IncomingMessage): Promise<ServedDomain | undefined> {
  startServingDomains(() => getDatabase().prisma);
  const loading = servedDomainsLoading();
  if (loading) await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, DOMAINS_FIRST_LOAD_WAIT_MS).unref())]);
  return servedDomain(hostOfHeader(request.headers.host));
}

/**
 * A request to an active custom domain: its page at /, and only what that page loads (share image,
 * stylesheet, script, fonts, favicon, its own uploads, its links' beacon). Everything else is 404,
 * and nothing here reads or sets the app's cookies.
 */
export async function serveCustomDomain(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  served: ServedDomain,
): Promise<void> {
  const site: PageSite = { key: pageCacheKey(served.slug, served.domain), origin: customDomainOrigin(served.domain) };
  const route = customDomainRoute(request.method!, pathname);
  switch (route.kind) {
    case "page":
      return servePublicPage(request, response, served.slug, site);
    case "click":
      return unlessDatabaseDown(
        response,
        () => serveClick(request, response, route.linkId, site, served.slug),
        () => clickUnavailable(response),
      );
    case "share-image":
      return unlessDatabaseDown(
        response,
        () => serveShareImage(request, response, served.slug, site),
        () => imageUnavailable(response),
      );
    case "asset":
      return unlessDatabaseDown(
        response,
        () => serveOwnAsset(request, response, route.assetId, served.slug, site),
        () => imageUnavailable(response),
      );
    case "signup":
      return unlessDatabaseDown(
        response,
        () => serveSignupForm(request, response, served.slug, `${site.origin}/`),
        () => imageUnavailable(response),
      );
    case "favicon":
      return serveFavicon(request, response);
    case "static":
      if (!serveStatic(request, response, pathname)) notFound(request, response);
      return;
    case "not-found":
      return notFound(request, response);
  }
}
