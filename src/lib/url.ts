const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);
const KNOWN_SCHEME = /^(https?:\/\/|mailto:|tel:)/i;
// "name:" not followed by a port number: a scheme we do not add https:// in front of.
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
// A web address whose host follows exactly two slashes ("https:////host" and "https:\\host" are not).
const CLEAN_AUTHORITY = /^https?:\/\/[^/\\]/i;

/**
 * A link's URL as stored: https:// added when no scheme is given ("//host" becomes
 * "https://host"); only http, https, mailto and tel survive (javascript:, data:, vbscript: and
 * the like are refused). Null when invalid.
 */
export function normalizeLinkUrl(raw: string): string | null {
  const value = raw.trim();
  if (!value || /\s/.test(value)) return null;
  if (!KNOWN_SCHEME.test(value) && OTHER_SCHEME.test(value)) return null;
  const candidate = KNOWN_SCHEME.test(value) ? value : value.startsWith("//") ? `https:${value}` : `https://${value}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  const isWeb = url.protocol === "http:" || url.protocol === "https:";
  if (isWeb && !CLEAN_AUTHORITY.test(candidate)) return null;
  if (isWeb && !url.hostname.includes(".") && url.hostname !== "localhost") return null;
  return candidate;
}
