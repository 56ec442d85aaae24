import type { Link, PrismaClient, Profile } from "@/generated/prisma/client";
import type { SqlTarget } from "@/server/db/sql-target";
import { normalizeDesign } from "@/lib/design/normalize";
import type { PublicLink, PublicProfileData } from "@/lib/public-profile";
import { withUtm } from "@/lib/utm";
import { linkEmbedOf } from "./links/serialize";
import { signupTextsShown } from "@/lib/audience/signup-texts";
import { readProfileWithContent, type ProfileWithContent } from "./profile-content";
import { requireCurrentProfile } from "./profiles/profiles";

/** Active links inside their schedule, in the creator's order. */
export function visibleLinks(links: Link[], now = new Date()): Link[] {
  return links
    .filter((link) => link.is_active && (!link.starts_at || link.starts_at <= now) && (!link.ends_at || link.ends_at > now))
    .sort((a, b) => a.position - b.position);
}

/** The next moment a scheduled link appears or disappears (the page changes then by itself), or null. */
export function nextScheduleChange(links: Link[], now = new Date()): Date | null {
  let next: Date | null = null;
  for (const link of links) {
    if (!link.is_active) continue;
    for (const moment of [link.starts_at, link.ends_at]) {
      if (moment && moment > now && (!next || moment < next)) next = moment;
    }
  }
  return next;
}

function toPublicLink(link: Link, showClicks: boolean, pageName: string): PublicLink {
  return {
    id: link.id,
    title: link.title,
    href: withUtm(link.url, link),
    link_type: link.link_type,
    is_adult: link.is_adult,
    icon_url: link.icon_url,
    thumbnail: link.thumbnail,
    username: link.username,
    clicks: showClicks ? link.clicks : null,
    // An adult link stays a button, so the age gate still stands before it (docs/creators.md#video-and-music-players).
    embed: link.show_as_player && !link.is_adult ? linkEmbedOf(link) : null,
    signup: link.link_type === "signup" ? signupTextsShown(link, pageName) : null,
  };
}

/** How a page names its creator: the display name, else the title, else @slug (as its heading does). */
export function pageNameOf(profile: Pick<Profile, "display_name" | "title" | "slug">): string {
  return profile.display_name || profile.title || `@${profile.slug}`;
}

export function toPublicProfile(profile: ProfileWithContent, now = new Date()): PublicProfileData {
  return {
    slug: profile.slug,
    display_name: profile.display_name,
    title: profile.title,
    bio: profile.bio,
    avatar_url: profile.avatar_url,
    show_branding: profile.show_branding,
    links: visibleLinks(profile.links, now).map((link) => toPublicLink(link, profile.show_click_stats, pageNameOf(profile))),
    design: normalizeDesign(profile.design),
  };
}

const withContent = { links: true, design: true } as const;

export type PublicProfileResult =
  | { status: "not_found" }
  | { status: "private"; profileId: string; ownerId: string }
  | {
      status: "ok";
      visibility: Profile["profile_visibility"];
      profileId: string;
      ownerId: string;
      data: PublicProfileData;
      /** When a scheduled link next appears or disappears. */
      nextChangeAt: Date | null;
    };

/** A visitor's view of /u/{slug}: not found, private (only its owner sees it), or the page. */
export async function loadPublicProfile(sql: SqlTarget, rawSlug: string, viewerId: string | null = null): Promise<PublicProfileResult> {
  const profile = await readProfileWithContent(sql, rawSlug.toLowerCase());
  if (!profile) return { status: "not_found" };
  if (profile.profile_visibility === "private" && profile.user_id !== viewerId) {
    return { status: "private", profileId: profile.id, ownerId: profile.user_id };
  }
  const now = new Date();
  return {
    status: "ok",
    visibility: profile.profile_visibility,
    profileId: profile.id,
    ownerId: profile.user_id,
    data: toPublicProfile(profile, now),
    nextChangeAt: nextScheduleChange(profile.links, now),
  };
}

/** The signed-in owner's current profile as visitors would see it, for previews. */
export async function loadOwnerPreview(db: PrismaClient, userId: string): Promise<PublicProfileData> {
  const current = await requireCurrentProfile(db, userId);
  const profile = await db.profile.findUniqueOrThrow({ where: { id: current.id }, include: withContent });
  return toPublicProfile(profile);
}
