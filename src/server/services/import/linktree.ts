import { BRAND_LABELS } from "@/lib/brand-icons/brands";
import { detectBrand } from "@/lib/brand-icons/detect";
import type { LinkType } from "@/lib/schemas/link";
import { type DraftLink, draftLink, imageSource, type ImportDraft, parseJson, profileText, skippedNote, unreadable } from "./draft";

export const NOT_A_LINKTREE_PAGE = "This page could not be read as a Linktree page";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The JSON a Next.js page embeds for its client (`<script id="__NEXT_DATA__" type="application/json">`). */
function nextData(html: string): Json | null {
  const match = /<script\b[^>]*\bid\s*=\s*["']?__NEXT_DATA__["']?[^>]*>([\s\S]*?)<\/script\s*>/i.exec(html);
  if (!match) return null;
  try {
    const data = parseJson(match[1]!);
    return isObject(data) ? data : null;
  } catch {
    return null;
  }
}

/** Linktree's block types: headers and links map to ours; embeds of music and video keep their kind. */
function linkTypeOf(type: string): LinkType {
  if (type === "HEADER") return "header";
  if (/VIDEO|YOUTUBE|VIMEO|TIKTOK/.test(type)) return "video";
  if (/MUSIC|SPOTIFY|SOUNDCLOUD|PODCAST/.test(type)) return "music";
  if (/PAY|TIP|COMMERCE/.test(type)) return "payment";
  return "regular";
}

const byPosition = (a: Json, b: Json) => (Number(a.position) || 0) - (Number(b.position) || 0);

/** Inactive links are kept inactive (an owner's saved page may carry them). */
const activeOf = (link: Json) => link.isActive !== false && link.active !== false && link.is_active !== false;

/**
 * A Linktree page (fetched, or saved by the creator) from its `__NEXT_DATA__`: `props.pageProps.account`
 * holds the name (`pageTitle`), bio (`description`), avatar (`profilePictureUrl`), `links` (HEADER,
 * CLASSIC and embed blocks with `position`, `url`, a thumbnail) and `socialLinks` (`type`, `url`).
 */
export function parseLinktree(html: string): ImportDraft {
  const pageProps = nextData(html)?.props;
  const props = isObject(pageProps) && isObject(pageProps.pageProps) ? pageProps.pageProps : null;
  const account = props && isObject(props.account) ? props.account : null;
  if (!props || !account) throw unreadable(NOT_A_LINKTREE_PAGE);

  const skipped: string[] = [];
  const blocks = list(account.links).length ? list(account.links) : list(props.links);
  const links: DraftLink[] = [];
  let withoutAddress = 0;
  for (const block of [...blocks].sort(byPosition)) {
    const link_type = linkTypeOf(text(block.type).toUpperCase());
    const url = text(block.url);
    if (link_type !== "header" && !url) {
      withoutAddress++;
      continue;
    }
    const modifiers = isObject(block.modifiers) ? block.modifiers : {};
    const drafted = draftLink(
      { title: text(block.title), url, link_type, is_active: activeOf(block) },
      { thumbnail: block.thumbnail ?? modifiers.thumbnailUrl },
      skipped,
    );
    if (drafted) links.push(drafted);
  }

  const socials: DraftLink[] = [];
  const socialBlocks = list(account.socialLinks).length ? list(account.socialLinks) : list(props.socialLinks);
  for (const social of [...socialBlocks].sort(byPosition)) {
    const url = text(social.url);
    const brand = detectBrand(url);
    const title = brand ? BRAND_LABELS[brand] : text(social.type).replace(/_/g, " ").toLowerCase();
    const drafted = draftLink({ title, url, link_type: "social", is_active: activeOf(social) }, {}, skipped);
    if (drafted) socials.push(drafted);
  }
  const socialsFirst = text(account.socialLinksPosition).toUpperCase() === "TOP";

  const notImported = [skippedNote("Linktree block without an address", withoutAddress), ...skipped.map((line) => `Link ${line}`)].filter(
    (line): line is string => line !== null,
  );
  return {
    profiles: [
      {
        slug: text(account.username) || null,
        ...profileText(account.pageTitle || props.pageTitle || account.username, account.description ?? props.description),
        avatar: imageSource(account.profilePictureUrl ?? props.profilePictureUrl),
        design: null,
        links: socialsFirst ? [...socials, ...links] : [...links, ...socials],
      },
    ],
    notImported,
  };
}
