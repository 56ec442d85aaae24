/** Strict-Transport-Security for answers served over https (a year; docs/accounts.md#requests-and-headers). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";
