"use client";

import { HydrateInSlices } from "@/components/ui/hydrate-in-slices";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { LoadErrorState, LoadingState } from "@/components/ui/load-states";
import { panelId, TabList, tabId } from "@/components/ui/tab-list";
import { readForThisView } from "@/trpc/fresh";
import { useTRPC } from "@/trpc/react";
import { AccountTab } from "./account-tab";
import { BillingTab, DownloadMyData, NotificationsTab, PrivacyTab, SecurityTab, preloadSettingsTab } from "./lazy-tabs";

const TABS = [
  { id: "account", label: "Account" },
  { id: "security", label: "Security" },
  { id: "notifications", label: "Notifications" },
  { id: "billing", label: "Billing" },
  { id: "privacy", label: "Privacy" },
] as const;
type TabId = (typeof TABS)[number]["id"];
/** The tab an address names (?tab=security); anything else is Account. */
const tabOf = (asked: string | null): TabId => TABS.find((tab) => tab.id === asked)?.id ?? "account";
const ID_PREFIX = "settings";

/** /settings: a left menu with 'Back to Dashboard' and five tabs, each saving on its own; `fetchedSince` as in DesignEditor. */
export function SettingsScreen({ fetchedSince }: { fetchedSince: number }) {
  const trpc = useTRPC();
  const asked = useSearchParams()?.get("tab") ?? null;
  const [tab, setShownTab] = useState<TabId>(() => tabOf(asked));
  // The tab lives in the address, so a link or a reload opens it (Next keeps useSearchParams in step with replaceState).
  const setTab = (next: TabId) => {
    setShownTab(next);
    window.history.replaceState(null, "", next === "account" ? "/settings" : `/settings?tab=${next}`);
  };
  const me = useQuery({ ...trpc.profile.me.queryOptions(), refetchOnMount: "always" });
  const settings = useQuery({ ...trpc.settings.get.queryOptions(), refetchOnMount: "always" });

  // A failed settings load is only logged; the screen offers a retry.
  useEffect(() => {
    if (me.error) console.error("Failed to load account", me.error);
    if (settings.error) console.error("Failed to load settings", settings.error);
  }, [me.error, settings.error]);

  return (
    <HydrateInSlices>
      <div className="mx-auto grid max-w-5xl gap-6 xl:grid-cols-[14rem_1fr] xl:gap-10">
        <nav aria-label="Settings" className="grid content-start gap-4">
          <Link href="/dashboard" className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-600 hover:text-gray-900">
            <span aria-hidden>←</span> Back to Dashboard
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-gray-900">Settings</h1>
          <TabList
            tabs={TABS}
            active={tab}
            onChange={setTab}
            label="Settings sections"
            idPrefix={ID_PREFIX}
            onIntent={preloadSettingsTab}
          />
        </nav>
        <div role="tabpanel" id={panelId(ID_PREFIX, tab)} aria-labelledby={tabId(ID_PREFIX, tab)} className="min-w-0">
          {me.isError || settings.isError ? (
            <LoadErrorState
              message="We couldn't load your settings."
              onRetry={() => void Promise.all([me.refetch(), settings.refetch()])}
            />
          ) : !me.isSuccess || !settings.isSuccess || !readForThisView(me, fetchedSince) ? (
            <LoadingState label="Loading settings..." />
          ) : tab === "account" ? (
            <AccountTab user={me.data.user} />
          ) : tab === "security" ? (
            <SecurityTab email={me.data.user.email} />
          ) : tab === "notifications" ? (
            <NotificationsTab initial={settings.data} />
          ) : tab === "billing" ? (
            <BillingTab plan={me.data.profile?.subscription_plan ?? "free"} />
          ) : (
            <div className="grid gap-6">
              <PrivacyTab profile={me.data.profile} />
              <DownloadMyData />
            </div>
          )}
        </div>
      </div>
    </HydrateInSlices>
  );
}
