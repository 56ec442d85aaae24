import type { Metadata } from "next";
import { cookies } from "next/headers";
import {
  analyticsQueries,
  prefetchTimeZone,
  realtimeQuery,
  signupsQuery,
  TIME_ZONE_COOKIE,
  viewOf,
} from "@/components/insights/insights-view";
import { InsightsScreen } from "@/components/insights/insights-screen";
import { HydrateClient, prefetch, trpcServer } from "@/trpc/server";

export const metadata: Metadata = { title: "Insights" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(await searchParams)) {
    for (const item of Array.isArray(value) ? value : [value ?? ""]) params.append(name, item);
  }
  // The address's view in the browser's last time zone: the very calls the screen makes on hydration.
  const view = viewOf(params);
  const tz = prefetchTimeZone((await cookies()).get(TIME_ZONE_COOKIE)?.value);
  await prefetch(
    ...analyticsQueries(trpcServer.analytics, view, tz, "source"),
    realtimeQuery(trpcServer.analytics, view, tz),
    signupsQuery(trpcServer.audience, view, tz),
  );
  // The screen reads its period and filters from the address (useSearchParams; the page is rendered per request).
  return (
    <HydrateClient>
      <InsightsScreen serverTimeZone={tz} />
    </HydrateClient>
  );
}
