import { TYPES_WITH_USERNAME, TYPES_WITHOUT_URL, UTM_FIELDS, linkDraft, type LinkType } from "@/lib/schemas/link";
import { serverFailure } from "@/trpc/errors";
import { fromLocalInput, toLocalInput } from "./schedule";
import type { LinkItem } from "./types";

export type UtmField = (typeof UTM_FIELDS)[number];

export interface LinkFormValues extends Record<UtmField, string> {
  title: string;
  url: string;
  link_type: LinkType;
  username: string;
  is_adult: boolean;
  is_active: boolean;
  /** An image data URL just picked, or the stored /api/assets/ address; "" for none. */
  thumbnail: string;
  /** The social button's own icon, in the same form as the thumbnail. */
  icon_url: string;
  /** datetime-local values in the creator's time zone; "" for none. */
  starts_at: string;
  ends_at: string;
  /** Shown as a player when the address is a provider's item (docs/creators.md#video-and-music-players). */
  show_as_player: boolean;
  /** A sign-up block's texts; "" leaves the default (docs/product/audience.md#the-sign-up-block). */
  button_label: string;
  consent_text: string;
  /** Off: the block shows no consent line. */
  show_consent: boolean;
  success_message: string;
}

export type LinkFormErrors = Partial<Record<keyof LinkFormValues, string>>;

const NO_UTM = Object.fromEntries(UTM_FIELDS.map((field) => [field, ""])) as Record<UtmField, string>;

export function emptyLinkValues(): LinkFormValues {
  return {
    title: "",
    url: "",
    link_type: "regular",
    username: "",
    is_adult: false,
    is_active: true,
    thumbnail: "",
    icon_url: "",
    starts_at: "",
    ends_at: "",
    show_as_player: true,
    button_label: "",
    consent_text: "",
    show_consent: true,
    success_message: "",
    ...NO_UTM,
  };
}

export function linkValues(link: LinkItem): LinkFormValues {
  const utm = Object.fromEntries(UTM_FIELDS.map((field) => [field, link[field] ?? ""])) as Record<UtmField, string>;
  return {
    title: link.title,
    url: link.url,
    link_type: link.link_type,
    username: link.username ?? "",
    is_adult: link.is_adult,
    is_active: link.is_active,
    thumbnail: link.thumbnail ?? "",
    icon_url: link.icon_url ?? "",
    starts_at: toLocalInput(link.starts_at),
    ends_at: toLocalInput(link.ends_at),
    show_as_player: link.show_as_player,
    button_label: link.button_label ?? "",
    consent_text: link.consent_text ?? "",
    show_consent: link.consent_text !== "",
    success_message: link.success_message ?? "",
    ...utm,
  };
}

export const hasUtm = (values: Pick<LinkFormValues, UtmField>) => UTM_FIELDS.some((field) => values[field].trim() !== "");

/** Headers and sign-up blocks carry no address, username, age gate or UTM values; only what the form shows is sent. */
export function visibleValues(values: LinkFormValues): LinkFormValues {
  const isHeader = TYPES_WITHOUT_URL.has(values.link_type);
  return {
    ...values,
    username: TYPES_WITH_USERNAME.has(values.link_type) ? values.username : "",
    is_adult: isHeader ? false : values.is_adult,
    ...(isHeader ? NO_UTM : {}),
  };
}

function firstErrors(issues: readonly { path: PropertyKey[]; message: string }[], into: LinkFormErrors = {}): LinkFormErrors {
  for (const issue of issues) {
    const field = issue.path[0] as keyof LinkFormValues | undefined;
    if (field && !into[field]) into[field] = issue.message;
  }
  return into;
}

const NOT_A_DATE = "Enter a date and time";

/** The server's own rules (linkDraft): the fields to save, or the first message per field. */
export function validateLink(values: LinkFormValues) {
  const starts_at = fromLocalInput(values.starts_at);
  const ends_at = fromLocalInput(values.ends_at);
  const { show_consent, ...shown } = visibleValues(values);
  const consent_text = show_consent ? shown.consent_text.trim() || null : "";
  const draft = { ...shown, consent_text, starts_at: starts_at ?? null, ends_at: ends_at ?? null };
  const parsed = linkDraft.safeParse(draft);
  const dateErrors: LinkFormErrors = {
    ...(starts_at === undefined ? { starts_at: NOT_A_DATE } : {}),
    ...(ends_at === undefined ? { ends_at: NOT_A_DATE } : {}),
  };
  if (!parsed.success || Object.keys(dateErrors).length > 0) {
    const errors = parsed.success ? dateErrors : firstErrors(parsed.error.issues, dateErrors);
    // The URL rules run only once the fields parse; check them with a stand-in title so all errors show together.
    const urlCheck = errors.title ? linkDraft.safeParse({ ...draft, title: "title" }) : null;
    if (urlCheck && !urlCheck.success) firstErrors(urlCheck.error.issues, errors);
    return { ok: false as const, errors };
  }
  const { title, url, link_type, username, is_adult, is_active, thumbnail, icon_url, show_as_player } = parsed.data;
  const utm = Object.fromEntries(UTM_FIELDS.map((field) => [field, parsed.data[field]])) as Record<UtmField, string | null>;
  const schedule = { starts_at: parsed.data.starts_at, ends_at: parsed.data.ends_at };
  const signup = {
    button_label: parsed.data.button_label,
    consent_text: parsed.data.consent_text,
    success_message: parsed.data.success_message,
  };
  return {
    ok: true as const,
    data: { title, url, link_type, username, is_adult, is_active, thumbnail, icon_url, show_as_player, ...schedule, ...utm, ...signup },
  };
}

/** The url field's message, else the title's, else the server's message, else 'Failed to save link'. */
export function saveFailureMessage(error: unknown): string {
  const failure = serverFailure(error);
  return (
    failure?.fieldErrors.url?.[0] ??
    failure?.fieldErrors.title?.[0] ??
    failure?.fieldErrors.link_type?.[0] ??
    (failure?.message || "Failed to save link")
  );
}
