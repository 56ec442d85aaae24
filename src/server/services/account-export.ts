import type { PrismaClient } from "@/generated/prisma/client";
import { ownAssetId } from "@/lib/asset-url";
import { normalizeDesign } from "@/lib/design/normalize";
import type { AccountExport } from "@/lib/schemas/export";
import { findAsset } from "./assets/assets";
import { getUser } from "./auth/accounts";
import { toLinkDto } from "./links/serialize";
import { toProfileDto } from "./profiles/serialize";
import { toSubscriberDto } from "./audience/subscribers";

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Replaces this app's own upload addresses with the files themselves, so the export stands alone. */
function inliner(db: PrismaClient) {
  const cache = new Map<string, string | null>();
  return async (url: string | null): Promise<string | null> => {
    const id = ownAssetId(url);
    if (!id) return url;
    if (!cache.has(id)) {
      const asset = await findAsset(db, id);
      cache.set(id, asset ? `data:${asset.mime};base64,${Buffer.from(asset.bytes).toString("base64")}` : null);
    }
    return cache.get(id) ?? null;
  };
}

/** Everything the account holds (docs/export/linkbio-export.schema.json), and nothing that signs anyone in. */
export async function exportAccount(db: PrismaClient, userId: string, now: Date = new Date()): Promise<AccountExport> {
  const user = await getUser(db, userId);
  const inline = inliner(db);
  const [settings, profiles] = await Promise.all([
    db.userSettings.findUnique({ where: { user_id: userId } }),
    db.profile.findMany({
      where: { user_id: userId },
      orderBy: { created_at: "asc" },
      include: {
        design: true,
        links: { orderBy: [{ position: "asc" }, { created_at: "asc" }] },
        subscribers: { orderBy: [{ created_at: "desc" }, { id: "asc" }] },
      },
    }),
  ]);
  return {
    format: "linkbio-export",
    version: 2,
    exported_at: iso(now),
    account: {
      email: user.email,
      email_verified: user.email_verified_at !== null,
      first_name: user.first_name,
      last_name: user.last_name,
      created_at: iso(user.created_at),
      sign_in_methods: [...(user.password_hash ? (["password"] as const) : []), ...(user.google_sub ? (["google"] as const) : [])],
    },
    settings: {
      email_notifications: settings?.email_notifications ?? true,
      link_click_notifications: settings?.link_click_notifications ?? true,
      profile_view_notifications: settings?.profile_view_notifications ?? false,
      monthly_report: settings?.monthly_report ?? true,
      profile_goal: settings?.profile_goal ?? null,
      time_zone: settings?.time_zone ?? null,
    },
    profiles: await Promise.all(
      profiles.map(async (profile) => {
        const { id: _id, created_at, ...dto } = toProfileDto(profile);
        const design = profile.design ? normalizeDesign(profile.design) : null;
        const daily = await db.analyticsDaily.findMany({
          where: { profile_id: profile.id, dimension: "total", key: "" },
          orderBy: { day: "asc" },
        });
        return {
          ...dto,
          avatar_url: await inline(dto.avatar_url),
          profile_image: await inline(dto.profile_image),
          created_at: iso(created_at),
          design: design && {
            ...design,
            background_image_url: await inline(design.background_image_url),
            background_music_url: await inline(design.background_music_url),
          },
          links: await Promise.all(
            profile.links.map(async (link) => {
              const { id: _linkId, order: _order, created_at: linkCreated, starts_at, ends_at, ...rest } = toLinkDto(link);
              return {
                ...rest,
                thumbnail: await inline(rest.thumbnail),
                icon_url: await inline(rest.icon_url),
                starts_at: isoOrNull(starts_at),
                ends_at: isoOrNull(ends_at),
                created_at: iso(linkCreated),
              };
            }),
          ),
          analytics_daily: daily.map((row) => ({
            day: row.day.toISOString().slice(0, 10),
            views: row.views,
            clicks: row.clicks,
            unique_visitors: row.uniques,
          })),
          subscribers: profile.subscribers.map((row) => {
            const { id: _subscriberId, created_at: signedUp, confirmed_at, unsubscribed_at, ...rest } = toSubscriberDto(row);
            return {
              ...rest,
              created_at: iso(signedUp),
              confirmed_at: isoOrNull(confirmed_at),
              unsubscribed_at: isoOrNull(unsubscribed_at),
            };
          }),
        };
      }),
    ),
  };
}
