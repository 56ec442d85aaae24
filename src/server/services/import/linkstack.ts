import { BRAND_LABELS } from "@/lib/brand-icons/brands";
import { detectBrand } from "@/lib/brand-icons/detect";
import { type DraftLink, draftLink, type ImportDraft, parseJson, profileText, skippedNote, unreadable } from "./draft";

export const NOT_A_LINKSTACK_EXPORT = "This file could not be read as a LinkStack export";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

// LinkStack's buttons table is seeded in a fixed order (database/seeders/ButtonSeeder.php), so these
// ids mean the same on every instance; newer exports also name the block in `type`.
const BUTTON_KINDS: Record<number, string> = {
  6: "email",
  7: "email",
  42: "heading",
  43: "spacer",
  44: "telephone",
  93: "text",
  94: "icon",
  96: "vcard",
};
const IMAGE_EXTENSIONS: Record<string, string> = { jpg: "jpeg", jpeg: "jpeg", png: "png", webp: "webp", gif: "gif" };

function kindOf(link: Json): string {
  const type = text(link.type).toLowerCase();
  if (["heading", "spacer", "text", "vcard", "email", "telephone"].includes(type)) return type;
  return BUTTON_KINDS[Number(link.button_id)] ?? "link";
}

/** Raised links (`up_link: "yes"`) come first on a LinkStack page, then by `order`. */
function pageOrder(a: Json, b: Json): number {
  const raised = (link: Json) => (link.up_link === "yes" ? 0 : 1);
  return raised(a) - raised(b) || (Number(a.order) || 0) - (Number(b.order) || 0);
}

/** Text blocks may hold a little HTML; our bio is plain text. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A LinkStack "Export all data" file: the user's row (`name`, `littlelink_name`,
 * `littlelink_description`), `links` (each with `link`, `title`, `button_id`, `order`, `up_link`,
 * `type`) and the avatar as `image_data` (base64) with `image_extension`.
 */
export function parseLinkstack(content: string): ImportDraft {
  let data: unknown;
  try {
    data = parseJson(content);
  } catch {
    throw unreadable(NOT_A_LINKSTACK_EXPORT);
  }
  if (!isObject(data) || !Array.isArray(data.links)) throw unreadable(NOT_A_LINKSTACK_EXPORT);

  const skipped: string[] = [];
  const counts = { spacer: 0, text: 0, vcard: 0 };
  const links: DraftLink[] = [];
  for (const link of data.links.filter(isObject).sort(pageOrder)) {
    const kind = kindOf(link);
    const title = text(link.title);
    const address = text(link.link).trim();
    if (kind === "spacer" || kind === "text" || kind === "vcard") {
      counts[kind]++;
      continue;
    }
    let drafted: DraftLink | null;
    if (kind === "heading") {
      drafted = draftLink({ title, link_type: "header" }, {}, skipped);
    } else if (kind === "icon") {
      const brand = detectBrand(address);
      drafted = draftLink({ title: brand ? BRAND_LABELS[brand] : title, url: address, link_type: "social" }, {}, skipped);
    } else {
      const url =
        kind === "email" && !/^mailto:/i.test(address)
          ? `mailto:${address}`
          : kind === "telephone" && !/^tel:/i.test(address)
            ? `tel:${address}`
            : address;
      drafted = draftLink({ title: title || address, url, link_type: "regular" }, {}, skipped);
    }
    if (drafted) links.push(drafted);
  }

  const extension = IMAGE_EXTENSIONS[text(data.image_extension).toLowerCase()];
  const imageData = text(data.image_data).replace(/\s/g, "");
  const avatar = extension && /^[A-Za-z0-9+/=]+$/.test(imageData) ? `data:image/${extension};base64,${imageData}` : null;
  return {
    profiles: [
      {
        slug: text(data.littlelink_name) || null,
        ...profileText(data.name, plain(text(data.littlelink_description))),
        avatar,
        design: null,
        links,
      },
    ],
    notImported: [
      skippedNote("spacer", counts.spacer),
      skippedNote("text block", counts.text),
      skippedNote("vCard block", counts.vcard),
      data.theme ? `The LinkStack theme "${text(data.theme)}" (choose a design here instead)` : null,
      ...skipped.map((line) => `Link ${line}`),
    ].filter((line): line is string => line !== null),
  };
}
