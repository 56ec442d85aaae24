import type { LinkDto } from "@/lib/schemas/link";
import { UTM_FIELDS } from "@/lib/schemas/link-types";

export type UtmValues = Partial<Pick<LinkDto, (typeof UTM_FIELDS)[number]>>;

/** Appends the set UTM values, URL-encoded, with ? or & as needed and before any #fragment. */
export function withUtm(url: string, utm: UtmValues): string {
  if (!/^https?:\/\//i.test(url)) return url;
  const query = UTM_FIELDS.filter((key) => utm[key])
    .map((key) => `${key}=${encodeURIComponent(utm[key]!)}`)
    .join("&");
  if (!query) return url;
  const hashIndex = url.indexOf("#");
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const fragment = hashIndex === -1 ? "" : url.slice(hashIndex);
  const separator = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  return `${base}${separator}${query}${fragment}`;
}
