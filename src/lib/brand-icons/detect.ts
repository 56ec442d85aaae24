import type { Brand } from "./brands";

/** Registrable domains of each brand; a host matches a domain itself or any subdomain of it. */
const BRAND_DOMAINS: Record<Exclude<Brand, "email" | "phone">, readonly string[]> = {
  instagram: ["instagram.com", "instagr.am"],
  tiktok: ["tiktok.com"],
  youtube: ["youtube.com", "youtu.be", "youtube-nocookie.com"],
  x: ["x.com", "twitter.com"],
  facebook: ["facebook.com", "fb.com", "fb.me"],
  threads: ["threads.net", "threads.com"],
  spotify: ["spotify.com", "spotify.link"],
  soundcloud: ["soundcloud.com"],
  snapchat: ["snapchat.com"],
  pinterest: ["pinterest.com", "pin.it"],
  whatsapp: ["whatsapp.com", "wa.me"],
  linkedin: ["linkedin.com", "lnkd.in"],
  github: ["github.com"],
  twitch: ["twitch.tv"],
  discord: ["discord.com", "discord.gg", "discordapp.com"],
  telegram: ["t.me", "telegram.me", "telegram.org"],
  bluesky: ["bsky.app", "bsky.social"],
  mastodon: ["mastodon.social", "joinmastodon.org"],
  patreon: ["patreon.com"],
  kofi: ["ko-fi.com"],
  substack: ["substack.com"],
  applemusic: ["music.apple.com"],
  applepodcasts: ["podcasts.apple.com"],
  bandcamp: ["bandcamp.com"],
  medium: ["medium.com"],
  vimeo: ["vimeo.com"],
  reddit: ["reddit.com", "redd.it"],
  paypal: ["paypal.com", "paypal.me"],
};

const DOMAIN_BRANDS = new Map<string, Brand>(
  Object.entries(BRAND_DOMAINS).flatMap(([brand, domains]) => domains.map((domain) => [domain, brand as Brand] as const)),
);

/** A fediverse profile address: https://any.host/@user (Mastodon and the servers that speak its URLs). */
const FEDIVERSE_PROFILE = /^\/@[\w.-]+(?:@[\w.-]+)?\/?$/;

function brandOfHost(host: string): Brand | null {
  // Walk up the labels (m.youtube.com, then youtube.com), never to a bare public suffix like "com".
  const labels = host.split(".");
  for (let start = 0; start < labels.length - 1; start++) {
    const brand = DOMAIN_BRANDS.get(labels.slice(start).join("."));
    if (brand) return brand;
  }
  return null;
}

/**
 * The brand a link leads to, from its address alone: mailto: is email, tel: is phone, and an
 * http(s) address by its host (subdomains included) or, on any other host, a /@user profile path.
 * Anything else (other schemes, unparsable text, look-alike hosts) has no brand.
 */
export function detectBrand(href: string): Brand | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol === "mailto:") return "email";
  if (url.protocol === "tel:") return "phone";
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  return brandOfHost(host) ?? (FEDIVERSE_PROFILE.test(url.pathname) ? "mastodon" : null);
}
