import type { Link } from "@/generated/prisma/client";
import { parseEmbed } from "@/lib/embeds/parse";
import { embedKey } from "@/lib/embeds/providers";
import type { LinkEmbed } from "@/lib/schemas/embed";
import type { LinkDto } from "@/lib/schemas/link";

export type { LinkDto };

/** The player a link's address names, with the title and picture fetched for that very item (none yet for another). */
export function linkEmbedOf(link: Pick<Link, "url" | "link_type" | "embed_key" | "embed_title" | "embed_thumbnail">): LinkEmbed | null {
  const parsed = link.link_type === "header" || link.link_type === "social" ? null : parseEmbed(link.url);
  if (!parsed) return null;
  const fetched = link.embed_key === embedKey(parsed);
  return { ...parsed, thumbnail_url: fetched ? link.embed_thumbnail : null, title: fetched ? link.embed_title : null };
}

/** A link for its owner; `order` mirrors `position` for clients that read either name. */
export function toLinkDto(link: Link): LinkDto {
  return {
    id: link.id,
    title: link.title,
    url: link.url,
    link_type: link.link_type,
    is_active: link.is_active,
    is_adult: link.is_adult,
    username: link.username,
    thumbnail: link.thumbnail,
    icon_url: link.icon_url,
    clicks: link.clicks,
    position: link.position,
    order: link.position,
    utm_source: link.utm_source,
    utm_medium: link.utm_medium,
    utm_campaign: link.utm_campaign,
    utm_term: link.utm_term,
    utm_content: link.utm_content,
    starts_at: link.starts_at,
    ends_at: link.ends_at,
    show_as_player: link.show_as_player,
    embed: linkEmbedOf(link),
    button_label: link.button_label,
    consent_text: link.consent_text,
    success_message: link.success_message,
    created_at: link.created_at,
  };
}
