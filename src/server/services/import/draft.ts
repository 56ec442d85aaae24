import { detectBrand } from "@/lib/brand-icons/detect";
import type { DesignInput } from "@/lib/schemas/design";
import { linkDraft, TITLE_MAX_LENGTH, type LinkPatch, type NewLink } from "@/lib/schemas/link";
import { BIO_MAX_LENGTH, DISPLAY_NAME_MAX_LENGTH } from "@/lib/schemas/profile";
import { ServiceError } from "../errors";

/** An image to copy into our assets: a web address (fetched safely) or a data URL from a file. */
export type ImageSource = string;

export interface DraftLink {
  link: NewLink;
  thumbnail: ImageSource | null;
  icon: ImageSource | null;
  brand: string | null;
}

export interface DraftProfile {
  /** The username the source used, offered for a new profile. */
  slug: string | null;
  display_name: string;
  bio: string;
  avatar: ImageSource | null;
  /** Profile settings a Linkbio export carries (a new profile gets them). */
  settings?: { title: string; profile_visibility: string; show_click_stats: boolean };
  design: DesignInput | null;
  links: DraftLink[];
}

/** What a source holds, mapped to our fields, before anything is written. */
export interface ImportDraft {
  profiles: DraftProfile[];
  notImported: string[];
}

/** JSON from a file, without NUL characters (PostgreSQL text cannot hold them; `\u0000` escapes would bring them in). */
export function parseJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => (typeof value === "string" ? value.replace(/\u0000/g, "") : value));
}

export function unreadable(message: string): ServiceError {
  return new ServiceError("BAD_REQUEST", message, { fields: { content: [message] } });
}

const clip = (text: string, max: number) => text.trim().slice(0, max);

export function profileText(display_name: unknown, bio: unknown): Pick<DraftProfile, "display_name" | "bio"> {
  return {
    display_name: typeof display_name === "string" ? clip(display_name, DISPLAY_NAME_MAX_LENGTH) : "",
    bio: typeof bio === "string" ? clip(bio, BIO_MAX_LENGTH) : "",
  };
}

/** Only web addresses and image data URLs are images we may copy; anything else is dropped. */
export function imageSource(value: unknown): ImageSource | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) || /^data:image\//i.test(trimmed) ? trimmed : null;
}

/**
 * One link through the same rules as a link typed in the editor (linkDraft); a link those rules refuse
 * is left out, and `skipped` says which and why.
 */
export function draftLink(
  fields: Omit<LinkPatch, "thumbnail" | "icon_url">,
  images: { thumbnail?: unknown; icon?: unknown },
  skipped: string[],
): DraftLink | null {
  const title = typeof fields.title === "string" ? clip(fields.title, TITLE_MAX_LENGTH) : "";
  const parsed = linkDraft.safeParse({
    ...fields,
    title: title || (typeof fields.url === "string" ? clip(fields.url, TITLE_MAX_LENGTH) : ""),
  });
  if (!parsed.success) {
    skipped.push(`"${title || fields.url || "Untitled"}": ${parsed.error.issues[0]?.message ?? "not a valid link"}`);
    return null;
  }
  const link = parsed.data;
  return {
    link,
    thumbnail: imageSource(images.thumbnail),
    icon: imageSource(images.icon),
    brand: link.link_type === "social" ? detectBrand(link.url) : null,
  };
}

/** Words for what was skipped, one line per kind. */
export function skippedNote(kind: string, count: number): string | null {
  return count ? `${count} ${kind}${count === 1 ? "" : "s"} (no equivalent here)` : null;
}
