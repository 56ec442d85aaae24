import type { Metadata } from "next";
import { SettingsScreen } from "@/components/settings/settings-screen";
import { HydrateClient, prefetch, trpcServer } from "@/trpc/server";

export const metadata: Metadata = { title: "Settings" };

export default async function Page() {
  const fetchedSince = await prefetch(trpcServer.profile.me.queryOptions(), trpcServer.settings.get.queryOptions());
  return (
    <HydrateClient>
      <SettingsScreen fetchedSince={fetchedSince} />
    </HydrateClient>
  );
}
