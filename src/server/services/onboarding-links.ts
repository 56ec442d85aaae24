import type { PrismaClient } from "@/generated/prisma/client";
import { PLATFORM_INFO, platformHandle, platformUrl, type Platform } from "@/lib/onboarding/platforms";
import { linkDraft, type NewLink } from "@/lib/schemas/link";
import type { OnboardingLinksInput } from "@/lib/schemas/onboarding";
import { ServiceError } from "./errors";
import { appendLinks } from "./links/create";
import { requireCurrentProfile } from "./profiles/profiles";

/** One link per filled-in platform, then the extra links; an extra needs both a title and a URL. */
export function onboardingLinks(input: OnboardingLinksInput): NewLink[] {
  const fromPlatforms = Object.entries(input.platforms)
    .filter(([, value]) => value?.trim())
    .map(([platform, value]) => {
      const info = PLATFORM_INFO[platform as Platform];
      return {
        field: `platforms.${platform}`,
        link: {
          title: info.label,
          url: platformUrl(platform as Platform, value),
          link_type: info.linkType,
          username: platformHandle(value),
        },
      };
    });
  const extras = (input.extra ?? []).flatMap((extra, index) => {
    if (!extra.title.trim() && !extra.url.trim()) return [];
    if (!extra.title.trim() || !extra.url.trim()) {
      const message = "Please fill in both title and URL";
      throw new ServiceError("BAD_REQUEST", message, { fields: { [`extra.${index}`]: [message] } });
    }
    return [{ field: `extra.${index}.url`, link: { title: extra.title, url: extra.url } }];
  });

  return [...fromPlatforms, ...extras].map(({ field, link }) => {
    const parsed = linkDraft.safeParse(link);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Please enter a valid URL";
      throw new ServiceError("BAD_REQUEST", message, { fields: { [field]: [message] } });
    }
    return parsed.data;
  });
}

export async function addOnboardingLinks(db: PrismaClient, userId: string, input: OnboardingLinksInput) {
  const profile = await requireCurrentProfile(db, userId);
  return appendLinks(db, profile.id, onboardingLinks(input));
}
