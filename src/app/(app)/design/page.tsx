import type { Metadata } from "next";
import { DesignEditor } from "@/components/design/design-editor";
import { HydrateClient, prefetch, trpcServer } from "@/trpc/server";

export const metadata: Metadata = { title: "Design" };

export default async function Page() {
  const fetchedSince = await prefetch(
    trpcServer.design.get.queryOptions(),
    trpcServer.profile.me.queryOptions(),
    trpcServer.profile.preview.queryOptions(),
  );
  return (
    <HydrateClient>
      <DesignEditor fetchedSince={fetchedSince} />
    </HydrateClient>
  );
}
