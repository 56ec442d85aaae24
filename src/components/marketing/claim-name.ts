/** Lower-cases a wished-for username and keeps only a-z, 0-9, "_" and "-". */
export function sanitizeClaimName(raw: string): string {
  return raw.toLowerCase().replace(/[^a-z0-9_-]/g, "");
}

/** The sign-up address carrying the claimed name, or plain /register when nothing usable was typed. */
export function claimHref(raw: string): string {
  const name = sanitizeClaimName(raw);
  return name ? `/register?claim=${encodeURIComponent(name)}` : "/register";
}
