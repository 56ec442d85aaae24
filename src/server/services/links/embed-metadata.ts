import type { Link, PrismaClient } from "@/generated/prisma/client";
import { parseEmbed } from "@/lib/embeds/parse";
import { embedKey, type ParsedEmbed } from "@/lib/embeds/providers";
import { env } from "@/server/config/env";
import { safeFetch, SafeFetchError } from "@/server/http/safe-fetch/fetch";
import { log } from "@/server/logging/logger";
import { checkUpload, storeUpload, UPLOAD_RULES } from "../assets/assets";
import { ServiceError } from "../errors";

const OEMBED_MAX_BYTES = 64 * 1024;
const TITLE_MAX_LENGTH = 200;

/** Each provider's oEmbed endpoint and the canonical page address it is asked about; Apple offers none. */
function oembedRequest({ provider, kind, id }: ParsedEmbed): string | null {
  const ask = (endpoint: string, page: string) =>
    `${endpoint}${endpoint.includes("?") ? "&" : "?"}format=json&url=${encodeURIComponent(page)}`;
  switch (provider) {
    case "youtube":
      return ask(
        env.OEMBED_YOUTUBE_URL,
        kind === "short" ? `https://www.youtube.com/shorts/${id}` : `https://www.youtube.com/watch?v=${id}`,
      );
    case "vimeo":
      return ask(env.OEMBED_VIMEO_URL, `https://vimeo.com/${id}`);
    case "spotify":
      return ask(env.OEMBED_SPOTIFY_URL, `https://open.spotify.com/${kind}/${id}`);
    case "soundcloud":
      return ask(env.OEMBED_SOUNDCLOUD_URL, `https://soundcloud.com/${id}`);
    case "apple_music":
    case "apple_podcasts":
      return null;
  }
}

/** The fetching rules of player links: docs/creators.md#video-and-music-players (EMBED_ALLOWED_PRIVATE_HOSTS for tests). */
function embedFetch(url: string, maxBytes: number) {
  const allowed = env.EMBED_ALLOWED_PRIVATE_HOSTS?.split(",").map((entry) => entry.trim().toLowerCase());
  return safeFetch(url, {
    allowedPrivateHosts: allowed,
    maxBytes,
    maxRedirects: 2,
    headers: { accept: "application/json, image/*;q=0.9" },
  });
}

/** A provider's title as plain text: control characters dropped, spaces joined, cut to the title limit. */
function plainTitle(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text ? text.slice(0, TITLE_MAX_LENGTH) : null;
}

/** The provider's picture, copied into our own assets under the thumbnail upload's checks; null when anything fails. */
async function copyThumbnail(db: PrismaClient, address: unknown): Promise<string | null> {
  if (typeof address !== "string") return null;
  const fetched = await embedFetch(address, UPLOAD_RULES.thumbnail.maxBytes);
  return storeUpload(db, await checkUpload("thumbnail", "thumbnail", new Uint8Array(fetched.body)));
}

interface EmbedMetadata {
  title: string | null;
  thumbnail: string | null;
}

/** Asks the provider once about the item; every failure (refused address, bad answer, not an image) leaves a part empty. */
async function fetchMetadata(db: PrismaClient, embed: ParsedEmbed): Promise<EmbedMetadata> {
  const request = oembedRequest(embed);
  if (!request) return { title: null, thumbnail: null };
  const quietly = async <T>(what: string, work: () => Promise<T>): Promise<T | null> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof SafeFetchError || error instanceof ServiceError || error instanceof SyntaxError)) throw error;
      log().info({ provider: embed.provider, what, reason: error.message }, "player metadata not fetched");
      return null;
    }
  };
  const answer = await quietly(
    "oembed",
    async () => JSON.parse((await embedFetch(request, OEMBED_MAX_BYTES)).body.toString("utf8")) as unknown,
  );
  const fields = answer !== null && typeof answer === "object" ? (answer as Record<string, unknown>) : {};
  return { title: plainTitle(fields.title), thumbnail: await quietly("thumbnail", () => copyThumbnail(db, fields.thumbnail_url)) };
}

/**
 * Fetches a saved link's player title and picture once per item (docs/creators.md#video-and-music-players):
 * nothing when its address names the item already fetched for, cleared when it names none.
 */
export async function refreshEmbedMetadata(db: PrismaClient, link: Link): Promise<Link> {
  const parsed = link.link_type === "header" || link.link_type === "social" ? null : parseEmbed(link.url);
  const key = parsed ? embedKey(parsed) : null;
  if (key === link.embed_key) return link;
  const metadata = parsed ? await fetchMetadata(db, parsed) : { title: null, thumbnail: null };
  const data = { embed_key: key, embed_title: metadata.title, embed_thumbnail: metadata.thumbnail };
  // A link deleted meanwhile is simply not updated.
  await db.link.updateMany({ where: { id: link.id, profile_id: link.profile_id }, data });
  return { ...link, ...data };
}
