import { createHash } from "node:crypto";
import { EMBED_PROVIDERS, PROVIDERS, type EmbedProvider } from "@/lib/embeds/providers";
import type { CachedPage } from "./page-cache";

/** The YouTube player the page embeds when the creator set background music (document.tsx). */
const MUSIC_FRAME_ORIGIN = "https://www.youtube-nocookie.com";

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">" };

function hash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * Hashes of the page's inline styles: the font <style> block and the design's style attributes.
 * React escapes every quote in attribute values and every `<` in text, so these patterns match
 * only markup the renderer wrote, never a creator's text.
 */
function inlineStyleHashes(html: string): string[] {
  const styles = new Set<string>();
  for (const [, css] of html.matchAll(/<style>([^<]*)<\/style>/g)) styles.add(css!);
  for (const [, value] of html.matchAll(/ style="([^"]*)"/g))
    styles.add(value!.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!));
  return [...styles].map(hash);
}

/** The players the page holds (embed-facade.tsx marks each); only these providers' origins may be framed. */
function embedOrigins(html: string): string[] {
  const origins = new Set<string>();
  for (const [, provider] of html.matchAll(/ data-embed-provider="([a-z_]+)"/g)) {
    if ((EMBED_PROVIDERS as readonly string[]).includes(provider!)) origins.add(PROVIDERS[provider as EmbedProvider].frameOrigin);
  }
  return [...origins];
}

/**
 * The public page may load only its own script, stylesheet, fonts and images (patterns are data:
 * SVGs), beacon to its own server, and frame YouTube when it plays music and each player's provider
 * when it holds players (docs/creators.md#video-and-music-players). Any site may frame it
 * (creators embed their page; docs/public-page.md#the-public-page).
 */
export function publicPagePolicy(html: string): string {
  const styleHashes = inlineStyleHashes(html);
  const frames = new Set(embedOrigins(html));
  if (html.includes(`<iframe id="lb-music"`)) frames.add(MUSIC_FRAME_ORIGIN);
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${styleHashes.length ? ` 'unsafe-hashes' ${styleHashes.join(" ")}` : ""}`,
    "font-src 'self'",
    "img-src 'self' data:",
    "media-src 'self'",
    "connect-src 'self'",
    ...(frames.size ? [`frame-src ${[...frames].join(" ")}`] : []),
    "base-uri 'none'",
    "object-src 'none'",
    // A sign-up block posts to its own server (docs/product/audience.md#the-sign-up-block).
    html.includes(`<form class="lb-signup"`) ? "form-action 'self'" : "form-action 'none'",
    "frame-ancestors *",
  ].join("; ");
}

/** The subscription pages and sign-up results: their own stylesheet and fonts, forms posting back, never framed. */
export function subscriptionPagePolicy(html: string): string {
  const styleHashes = inlineStyleHashes(html);
  return [
    "default-src 'none'",
    `style-src 'self'${styleHashes.length ? ` 'unsafe-hashes' ${styleHashes.join(" ")}` : ""}`,
    "font-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Features no public page uses, denied to it and to whatever it frames (the music player needs none of them). */
export const PUBLIC_PAGE_PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

const policies = new WeakMap<CachedPage, string>();

/** The policy of a rendered page, worked out once per cached page. */
export function policyOf(page: CachedPage): string {
  let policy = policies.get(page);
  if (policy === undefined) {
    policy = publicPagePolicy(page.html.toString("utf8"));
    policies.set(page, policy);
  }
  return policy;
}
