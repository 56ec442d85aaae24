import { z } from "zod";
import { subscriber } from "./audience";
import { designData } from "./design";
import { linkDto } from "./link";
import { profileDto } from "./profile";
import { userSettings } from "./settings";

// "Download my data" (GET /auth/user/export/): one JSON document. The import reads the same format;
// its JSON Schema is docs/export/linkbio-export.schema.json, written from this schema.

const instant = z.string().meta({ description: "ISO 8601 instant (UTC)." });
const nullableInstant = instant.nullable();
const uploadNote = "Uploaded files are included as data URLs (data:<type>;base64,...); other values are kept as they are.";

export const exportedLink = linkDto.omit({ id: true, order: true, created_at: true, starts_at: true, ends_at: true }).extend({
  starts_at: nullableInstant,
  ends_at: nullableInstant,
  created_at: instant,
  // Files exported before players existed lack both; the import reads them as a new link would.
  show_as_player: linkDto.shape.show_as_player.optional(),
  embed: linkDto.shape.embed.optional(),
});

export const exportedDailyAnalytics = z.object({
  day: z.string().meta({ description: "UTC day, YYYY-MM-DD." }),
  views: z.number().int(),
  clicks: z.number().int(),
  unique_visitors: z.number().int(),
});

export const exportedSubscriber = subscriber
  .omit({ id: true, created_at: true, confirmed_at: true, unsubscribed_at: true })
  .extend({ created_at: instant, confirmed_at: nullableInstant, unsubscribed_at: nullableInstant });

export const exportedProfile = profileDto.omit({ id: true, created_at: true }).extend({
  created_at: instant,
  design: designData.nullable().meta({ description: `The page's design; null when never saved. ${uploadNote}` }),
  links: z.array(exportedLink).meta({ description: `In page order. ${uploadNote}` }),
  analytics_daily: z.array(exportedDailyAnalytics).meta({ description: "Page totals per UTC day, oldest first." }),
  subscribers: z
    .array(exportedSubscriber)
    .meta({ description: "Everyone who signed up on the page (pending, subscribed or unsubscribed), newest first." }),
});

export const accountExport = z
  .object({
    format: z.literal("linkbio-export"),
    version: z.literal(2).meta({ description: "2 added subscribers and sign-up blocks; version 1 files are still imported." }),
    exported_at: instant,
    account: z.object({
      email: z.string(),
      email_verified: z.boolean(),
      first_name: z.string(),
      last_name: z.string(),
      created_at: instant,
      sign_in_methods: z.array(z.enum(["password", "google"])),
    }),
    settings: userSettings.omit({ two_factor_enabled: true }).extend({ time_zone: z.string().nullable() }),
    profiles: z.array(exportedProfile),
  })
  .meta({
    title: "Linkbio data export",
    description:
      "Everything an account holds, as Settings › Privacy › Download my data and GET /api/v1/auth/user/export/ return it. It never holds a password hash, a token, a two-factor secret or a recovery code.",
  });
export type AccountExport = z.infer<typeof accountExport>;

/** Version 1: before sign-up blocks' texts and subscribers. The import still reads it. */
const SIGNUP_TEXTS = { button_label: true, consent_text: true, success_message: true } as const;
export const accountExportV1 = accountExport.extend({
  version: z.literal(1),
  profiles: z.array(exportedProfile.omit({ subscribers: true }).extend({ links: z.array(exportedLink.omit(SIGNUP_TEXTS)) })),
});

/** What the import takes: either version. */
export const importableExport = z.union([accountExport, accountExportV1]);

/** The published JSON Schema of the export. */
export function accountExportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(accountExport, { target: "draft-2020-12", io: "output" });
}
