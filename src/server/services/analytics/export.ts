// The Insights Export: every report of the chosen period and filters, as one CSV file (a section
// per report, the daily timeline and the link table first) or one JSON document.
import type { AnalyticsExport, BreakdownItem } from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import { getBrowsers, getDevices, getLocations, getOperatingSystems, getReferrers, getUtm } from "./breakdowns";
import { getLinkAnalytics, getOverview, getTimeline, periodFor, type AnalyticsScope } from "./queries";

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const row = (fields: (string | number | null)[]) => fields.map(csvField).join(",");

async function reports(sql: SqlTarget, scope: AnalyticsScope) {
  const overview = await getOverview(sql, scope);
  const timeline = (await getTimeline(sql, scope)).data;
  const links = (await getLinkAnalytics(sql, scope)).links;
  const devices = (await getDevices(sql, scope)).devices.map((d) => ({ name: d.device_type, count: d.count, percentage: d.percentage }));
  const countries = (await getLocations(sql, scope)).locations.map(({ name, count, percentage }) => ({ name, count, percentage }));
  const referrers = (await getReferrers(sql, scope)).referrers.map(({ name, count, percentage }) => ({ name, count, percentage }));
  const browsers = (await getBrowsers(sql, scope)).browsers;
  const os = (await getOperatingSystems(sql, scope)).os;
  const utm_source = (await getUtm(sql, scope, "source")).utm;
  const utm_medium = (await getUtm(sql, scope, "medium")).utm;
  const utm_campaign = (await getUtm(sql, scope, "campaign")).utm;
  return { overview, timeline, links, devices, countries, referrers, browsers, os, utm_source, utm_medium, utm_campaign };
}

const BREAKDOWN_TITLES = [
  ["devices", "Device"],
  ["countries", "Country"],
  ["referrers", "Referrer"],
  ["browsers", "Browser"],
  ["os", "Operating system"],
  ["utm_source", "UTM source"],
  ["utm_medium", "UTM medium"],
  ["utm_campaign", "UTM campaign"],
] as const;

function toCsv(data: Awaited<ReturnType<typeof reports>>): string {
  const { overview } = data;
  const lines = [
    row(["Date", "Views", "Clicks"]),
    ...data.timeline.map((point) => row([point.date, point.views, point.clicks])),
    "",
    row(["Link", "Clicks", "Unique Clicks", "CTR (%)", "Trend (%)"]),
    ...data.links.map((link) => row([link.title, link.clicks, link.unique_clicks, link.ctr, link.trend])),
    "",
    row(["Total", "Value", "Change (%)"]),
    row(["Views", overview.total_views, overview.change.total_views]),
    row(["Clicks", overview.total_clicks, overview.change.total_clicks]),
    row(["Unique visitors", overview.unique_visitors, overview.change.unique_visitors]),
    row(["Click rate (clicks per view, %)", overview.click_rate, overview.change.click_rate]),
    row(["Visitors who clicked", overview.unique_clickers, overview.change.unique_clickers]),
    row(["Visitors who clicked (%)", overview.visitor_click_rate, overview.change.visitor_click_rate]),
  ];
  for (const [key, title] of BREAKDOWN_TITLES) {
    const items: BreakdownItem[] = data[key];
    lines.push("", row([title, "Views", "Share (%)"]), ...items.map((item) => row([item.name, item.count, item.percentage])));
  }
  return `${lines.join("\r\n")}\r\n`;
}

export async function exportAnalytics(
  sql: SqlTarget,
  scope: AnalyticsScope & { slug: string },
  format: "csv" | "json" = "csv",
): Promise<AnalyticsExport> {
  const period = periodFor(scope);
  const data = await reports(sql, scope);
  const span = scope.from && scope.to ? `${scope.from}-to-${scope.to}` : `last-${scope.days}-days-${period.today}`;
  const filename = `linkbio-${scope.slug}-${span}.${format}`;
  if (format === "json") {
    const document = {
      from: period.dates[0],
      to: period.dates.at(-1),
      time_zone: scope.tz ?? "UTC",
      filters: scope.filters ?? {},
      ...data,
    };
    return { filename, content_type: "application/json", content: `${JSON.stringify(document, null, 2)}\n` };
  }
  return { filename, content_type: "text/csv", content: toCsv(data) };
}
