import { MAX_PLATFORMS, PLATFORMS, type Platform } from "@/lib/onboarding/platforms";

/** The platforms step hands its choice to the links step as ?platforms=instagram,tiktok. */
export function platformsQuery(selected: readonly Platform[]): string {
  return selected.length ? `?platforms=${selected.join(",")}` : "";
}

/** Known platforms from the query, each once, in the order given, at most MAX_PLATFORMS. */
export function parsePlatforms(raw: string | string[] | undefined): Platform[] {
  const names = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).split(",");
  const known = names.filter((name): name is Platform => (PLATFORMS as readonly string[]).includes(name));
  return [...new Set(known)].slice(0, MAX_PLATFORMS);
}
