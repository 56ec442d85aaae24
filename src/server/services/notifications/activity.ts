import type { SqlTarget } from "@/server/db/sql-target";
import { change } from "../analytics/queries";
import type { Range } from "../analytics/periods";
import { sumRollups } from "../analytics/rollups";

export interface ProfileActivity {
  slug: string;
  display_name: string;
  views: number;
  clicks: number;
  /** Percent change against the period before; null when that period had none. */
  views_change: number | null;
  clicks_change: number | null;
  top_links: { title: string; clicks: number }[];
}

const CURRENT = 0;
const PREVIOUS = 1;

/** Views, clicks and the busiest links of a profile in a period, with the change against the one before. */
export async function profileActivity(
  sql: SqlTarget,
  profile: { id: string; slug: string; display_name: string },
  current: Range,
  previous: Range,
): Promise<ProfileActivity> {
  const [rows, links] = await Promise.all([
    sumRollups(sql, profile.id, ["total", "link"], [current, previous]),
    sql.query<{ id: string; title: string }>(`SELECT id, title FROM "Link" WHERE profile_id = $1`, [profile.id]),
  ]);
  const total = (period: number) => rows.find((r) => r.period === period && r.dimension === "total") ?? { views: 0, clicks: 0 };
  const titles = new Map(links.map((link) => [link.id, link.title]));
  const top_links = rows
    .filter((r) => r.period === CURRENT && r.dimension === "link" && r.clicks > 0 && titles.has(r.key))
    .sort((a, b) => b.clicks - a.clicks)
    .slice(0, 3)
    .map((r) => ({ title: titles.get(r.key)!, clicks: r.clicks }));
  const now = total(CURRENT);
  const before = total(PREVIOUS);
  return {
    slug: profile.slug,
    display_name: profile.display_name,
    views: now.views,
    clicks: now.clicks,
    views_change: change(now.views, before.views),
    clicks_change: change(now.clicks, before.clicks),
    top_links,
  };
}
