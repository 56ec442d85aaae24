// The Insights Export: the daily timeline and the link table of the chosen period as one CSV file.
import type { AnalyticsCsv } from "@/lib/schemas/analytics";
import type { SqlTarget } from "@/server/db/sql-target";
import { getLinkAnalytics, getTimeline, periodFor, type AnalyticsScope } from "./queries";

/** RFC 4180 quoting; text that a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const row = (fields: (string | number | null)[]) => fields.map(csvField).join(",");

export async function exportAnalyticsCsv(sql: SqlTarget, scope: AnalyticsScope & { slug: string }): Promise<AnalyticsCsv> {
  const period = periodFor(scope);
  const [timeline, links] = await Promise.all([getTimeline(sql, scope), getLinkAnalytics(sql, scope)]);
  const lines = [
    row(["Date", "Views", "Clicks"]),
    ...timeline.data.map((point) => row([point.date, point.views, point.clicks])),
    "",
    row(["Link", "Clicks", "Unique Clicks", "CTR (%)", "Trend (%)"]),
    ...links.links.map((link) => row([link.title, link.clicks, link.unique_clicks, link.ctr, link.trend])),
  ];
  return {
    filename: `linkbio-${scope.slug}-last-${scope.days}-days-${period.today}.csv`,
    csv: `${lines.join("\r\n")}\r\n`,
  };
}
