"use client";

import dynamic from "next/dynamic";
import { LoadingState } from "@/components/ui/load-states";

// Only the tab on screen comes with the first script; the others load when opened (Security alone
// brings next-auth's client, the two-factor, passkey, session, token and webhook panels, and zod).
const loading = () => <LoadingState label="Loading settings..." />;

export const SecurityTab = dynamic(() => import("./security-tab").then((module) => module.SecurityTab), { loading });
export const NotificationsTab = dynamic(() => import("./notifications-tab").then((module) => module.NotificationsTab), { loading });
export const BillingTab = dynamic(() => import("./billing-tab").then((module) => module.BillingTab), { loading });
export const PrivacyTab = dynamic(() => import("./privacy-tab").then((module) => module.PrivacyTab), { loading });
export const DownloadMyData = dynamic(() => import("./download-my-data").then((module) => module.DownloadMyData), { loading });

/**
 * Starts fetching a tab's code when the pointer or focus reaches its button, so opening it seldom
 * shows the spinner. (The paths are written again: next/dynamic finds a component's chunk for the
 * server render only from the import() inside its own call.)
 */
export function preloadSettingsTab(id: string): void {
  if (id === "security") void import("./security-tab");
  else if (id === "notifications") void import("./notifications-tab");
  else if (id === "billing") void import("./billing-tab");
  else if (id === "privacy") void Promise.all([import("./privacy-tab"), import("./download-my-data")]);
}
