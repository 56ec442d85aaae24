import type { Metadata } from "next";
import { AudienceScreen } from "@/components/audience/audience-screen";
import { HydrateClient, prefetch, trpcServer } from "@/trpc/server";

export const metadata: Metadata = { title: "Audience" };

export default async function Page() {
  // The screen's first view: no search and every status.
  await prefetch(trpcServer.audience.summary.queryOptions(), trpcServer.audience.list.queryOptions({}));
  return (
    <HydrateClient>
      <AudienceScreen />
    </HydrateClient>
  );
}
