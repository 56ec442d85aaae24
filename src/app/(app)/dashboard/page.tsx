import type { Metadata } from "next";
import { DashboardLinks } from "@/components/links/dashboard-links";
import { HydrateClient, prefetch, trpcServer } from "@/trpc/server";

export const metadata: Metadata = { title: "Links" };

export default async function Page() {
  // The list, the preview and the notices above them, so nothing arrives late and moves the page.
  await prefetch(
    trpcServer.link.list.queryOptions(),
    trpcServer.profile.preview.queryOptions(),
    trpcServer.auth.me.queryOptions(),
    trpcServer.share.addressNotice.queryOptions(),
    trpcServer.profile.current.queryOptions(),
    trpcServer.domain.pageAddress.queryOptions(),
  );
  return (
    <HydrateClient>
      <DashboardLinks />
    </HydrateClient>
  );
}
