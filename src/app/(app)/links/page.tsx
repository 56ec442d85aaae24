import type { Metadata } from "next";
import { LinksManager } from "@/components/links/links-manager";
import { HydrateClient, prefetch, trpcServer } from "@/trpc/server";

export const metadata: Metadata = { title: "Links manager" };

export default async function Page() {
  await prefetch(
    trpcServer.link.list.queryOptions(),
    trpcServer.profile.current.queryOptions(),
    trpcServer.domain.pageAddress.queryOptions(),
  );
  return (
    <HydrateClient>
      <LinksManager />
    </HydrateClient>
  );
}
