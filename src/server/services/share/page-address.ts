import { pagePath } from "@/lib/share/page-path";
import { appOrigin } from "@/server/config/app-origin";

/** A page's canonical address on the configured origin (docs/product/public-page.md#address), as everything shows it. */
export function pageAddressOf(slug: string, origin = appOrigin()): string {
  return `${origin}${pagePath(slug)}`;
}

/**
 * The origin of a creator's own domain: the app's scheme and port (Caddy serves both the same way),
 * the creator's host.
 */
export function customDomainOrigin(domain: string): string {
  const url = new URL(appOrigin());
  url.hostname = domain;
  return url.origin;
}

/** The page's address: its active custom domain's root while it has one, else the app's /{slug}. */
export function pageAddressWithDomain(slug: string, activeDomain: string | null | undefined): string {
  return activeDomain ? `${customDomainOrigin(activeDomain)}/` : pageAddressOf(slug);
}
