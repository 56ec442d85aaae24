import type { ApiScope } from "@/lib/schemas/api-token";

/** What each scope lets an integration do, as Settings › API tokens offers it. */
export const SCOPE_LABELS: Record<ApiScope, string> = {
  "profiles:read": "Read profiles, design and settings",
  "profiles:write": "Change profiles, design and settings",
  "links:read": "Read links",
  "links:write": "Add, change and delete links",
  "analytics:read": "Read analytics",
  "audience:read": "Read and export subscribers",
  "audience:write": "Remove subscribers",
  "webhooks:write": "Manage webhooks",
};

/** Expiry choices; the API takes any number of days from 1 to 365. */
export const EXPIRY_CHOICES = [
  { days: null, label: "No expiry" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "1 year" },
] as const;
