// The three players bench:lighthouse --public-page adds to the seeded page (docs/creators.md#video-and-music-players):
// a YouTube video and a Spotify track with pictures in our own assets, and a SoundCloud set on the provider's tile,
// stored as saving would leave them, so nothing is fetched from the providers.
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Database } from "../src/server/db/client";
import { parseEmbed } from "../src/lib/embeds/parse";
import { embedKey } from "../src/lib/embeds/providers";

const PLAYERS = [
  {
    title: "Watch the video",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    provider_title: "Studio session, live",
    picture: "#7c3aed",
  },
  {
    title: "Listen on Spotify",
    url: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
    provider_title: "New single",
    picture: "#0f766e",
  },
  { title: "My SoundCloud set", url: "https://soundcloud.com/artist/sets/best-of", provider_title: null, picture: null },
];

async function pictureAsset(database: Database, color: string): Promise<string> {
  const bytes = await sharp({ create: { width: 480, height: 360, channels: 3, background: color } })
    .jpeg({ quality: 70 })
    .toBuffer();
  const id = createHash("sha256").update(bytes).digest("hex");
  await database.prisma.asset.upsert({ where: { id }, create: { id, mime: "image/jpeg", size: bytes.byteLength, bytes }, update: {} });
  return `/api/assets/${id}`;
}

export async function seedPlayers(database: Database, profileId: string, firstPosition: number): Promise<void> {
  for (const [index, player] of PLAYERS.entries()) {
    const embed = parseEmbed(player.url);
    if (!embed) throw new Error(`${player.url} is no player address`);
    await database.prisma.link.create({
      data: {
        profile_id: profileId,
        title: player.title,
        url: player.url,
        link_type: embed.provider === "youtube" ? "video" : "music",
        position: firstPosition + index,
        embed_key: embedKey(embed),
        embed_title: player.provider_title,
        embed_thumbnail: player.picture ? await pictureAsset(database, player.picture) : null,
      },
    });
  }
}
