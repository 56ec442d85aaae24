// One link's detail: its clicks and unique clicks (rollups when unfiltered), its daily or hourly
// clicks, and where its clicks came from (the raw events, through the event cache: rollups hold no
// per-link breakdowns).
import type { AnalyticsLinkDetail } from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import { ServiceError } from "@/server/services/errors";
import { toItems } from "./breakdowns";
import { cachedDayPartUniques } from "./cached-day-parts";
import { countryName } from "./countries";
import type { EventColumn } from "./event-columns";
import { filteredArrivalReferrers, filteredBy, filteredSlots, filteredTotals } from "./filtered";
import { pick, timelineBuckets, type Interval } from "./queries";
import { referrerName } from "./referrer-names";
import { bucketSlots, dailySeries, sumRollups } from "./rollups";
import { isFiltered, periodFor, type AnalyticsScope } from "./scope";

export async function getLinkDetail(
  sql: SqlTarget,
  scope: AnalyticsScope,
  linkId: string,
  interval: Interval = "day",
): Promise<AnalyticsLinkDetail> {
  const [link] = await sql.query<{ id: string; title: string }>(`SELECT id, title FROM "Link" WHERE id = $1 AND profile_id = $2`, [
    linkId,
    scope.profileId,
  ]);
  if (!link) throw new ServiceError("NOT_FOUND", "Link not found");
  const period = periodFor(scope);
  const query = { profileId: scope.profileId, filters: scope.filters ?? {}, linkId };
  const { labels, bounds } = timelineBuckets(scope, interval);

  let clicks: number;
  let uniqueClicks: number;
  let series: { clicks: number }[];
  if (isFiltered(scope)) {
    const [totals] = await filteredTotals(sql, query, [period.current]);
    clicks = totals!.clicks;
    uniqueClicks = totals!.clickers;
    series = bucketSlots(bounds, await filteredSlots(sql, query, { start: bounds[0]!, end: bounds[bounds.length - 1]! }));
  } else {
    const rows = await sumRollups(
      sql,
      scope.profileId,
      ["link"],
      [period.current],
      { of: ["clickers"], periods: [0] },
      cachedDayPartUniques(sql, scope.profileId),
    );
    const counts = pick(rows, 0, "link", linkId);
    clicks = counts.clicks;
    uniqueClicks = counts.uniques;
    series = await dailySeries(sql, scope.profileId, bounds, { dimension: "link", key: linkId });
  }

  const by = async (column: EventColumn, name: (key: string) => string) =>
    toItems((await filteredBy(sql, query, period.current, column)).map((row) => ({ name: name(row.key), count: row.clicks })));
  return {
    id: link.id,
    title: link.title,
    clicks,
    unique_clicks: uniqueClicks,
    timeline: labels.map((date, i) => ({ date, clicks: series[i]!.clicks })),
    referrers: toItems(
      (await filteredArrivalReferrers(sql, query, period.current)).map((row) => ({ name: referrerName(row.key), count: row.clicks })),
    ),
    countries: await by("country", countryName),
    devices: await by("device", (key) => key),
  };
}
