import type { IncomingMessage, ServerResponse } from "node:http";
import { answerAllowedDomain } from "./allowed-domain";
import { clickUnavailable, imageUnavailable, unlessDatabaseDown } from "./answers";
import { appHostRoute } from "./routes";
import { serveFavicon, serveNextStatic, serveStatic } from "./serve-assets";
import { serveClick } from "./serve-click";
import { customDomainOf, serveCustomDomain } from "./serve-custom-domain";
import { servePublicPage } from "./serve-page";
import { serveShareImage } from "./serve-share-image";
import { serveSignupForm } from "./signup-form";
import { serveSubscriptionPage } from "./subscription-pages";
import { serveRobots, serveSitemap } from "./search-engine-files";

export { serveCachedPage } from "./serve-page";

/**
 * The visitor-facing paths, answered before Next (routes.ts says which path is which): a custom
 * domain's requests, Caddy's `ask`, the click beacon, the sign-up form and the subscription pages its
 * emails link to, the page's stylesheet, script and fonts, Next's built files, the
 * favicon, search engines' files, share images and public pages. Returns false for everything else.
 */
export async function handlePublicRequest(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  const pathname = (request.url ?? "/").split("?")[0]!;
  const served = await customDomainOf(request);
  if (served) {
    await serveCustomDomain(request, response, pathname, served);
    return true;
  }
  const route = appHostRoute(request.method!, pathname);
  switch (route.kind) {
    case "allowed-domain":
      answerAllowedDomain(request, response);
      return true;
    case "click":
      await unlessDatabaseDown(
        response,
        () => serveClick(request, response, route.linkId),
        () => clickUnavailable(response),
      );
      return true;
    case "signup-form":
      await unlessDatabaseDown(
        response,
        () => serveSignupForm(request, response, route.slug),
        () => imageUnavailable(response),
      );
      return true;
    case "subscription":
      await unlessDatabaseDown(
        response,
        () => serveSubscriptionPage(request, response, route.page),
        () => imageUnavailable(response),
      );
      return true;
    case "static":
      return serveStatic(request, response, pathname);
    case "next-static":
      return serveNextStatic(request, response, pathname);
    case "favicon":
      serveFavicon(request, response);
      return true;
    case "robots":
      serveRobots(request, response);
      return true;
    case "sitemap":
      await unlessDatabaseDown(
        response,
        () => serveSitemap(request, response),
        () => imageUnavailable(response),
      );
      return true;
    case "share-image":
      await unlessDatabaseDown(
        response,
        () => serveShareImage(request, response, route.slug),
        () => imageUnavailable(response),
      );
      return true;
    case "page":
      await servePublicPage(request, response, route.slug);
      return true;
    case "none":
      return false;
  }
}
