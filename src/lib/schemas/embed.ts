import { z } from "zod";
import { EMBED_KINDS, EMBED_PROVIDERS } from "@/lib/embeds/providers";

/** A link's player: the provider item its address names, with the title and picture fetched when it was saved. */
export const linkEmbed = z
  .object({
    provider: z.enum(EMBED_PROVIDERS),
    id: z.string().meta({ description: "The item's id in the provider's terms (the player's address is built from it)." }),
    kind: z.enum(EMBED_KINDS),
    thumbnail_url: z
      .string()
      .nullable()
      .meta({ description: "The provider's picture, copied to /api/assets/ when the link was saved; null when it could not be fetched." }),
    title: z.string().nullable().meta({ description: "The provider's title for the item, as text; null when it could not be fetched." }),
  })
  .meta({ description: "A video or audio item a link can be shown as a player for (docs/creators.md#video-and-music-players)." });
export type LinkEmbed = z.infer<typeof linkEmbed>;
