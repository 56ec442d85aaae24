/** The event column each filter and breakdown reads. */
export const EVENT_COLUMNS = {
  country: "country",
  device: "device_type",
  browser: "browser",
  os: "os",
  referrer: "referrer_host",
  utm_source: "utm_source",
  utm_medium: "utm_medium",
  utm_campaign: "utm_campaign",
} as const;
export type EventColumn = keyof typeof EVENT_COLUMNS;
