import { appOrigin } from "@/server/config/app-origin";

/** A page's public address on the configured origin, as Copy Link gives it. */
export function pageAddressOf(slug: string): string {
  return `${appOrigin()}/u/${slug}`;
}
