export interface UtmValues {
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
}

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

/** Appends the set UTM values, URL-encoded, with ? or & as needed and before any #fragment. */
export function withUtm(url: string, utm: UtmValues): string {
  if (!/^https?:\/\//i.test(url)) return url;
  const query = UTM_KEYS.filter((key) => utm[key])
    .map((key) => `${key}=${encodeURIComponent(utm[key]!)}`)
    .join("&");
  if (!query) return url;
  const hashIndex = url.indexOf("#");
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const fragment = hashIndex === -1 ? "" : url.slice(hashIndex);
  const separator = base.includes("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?";
  return `${base}${separator}${query}${fragment}`;
}
