import { parse } from "csv-parse/sync";
import { LINK_TYPE_LABELS, LINK_TYPES, type LinkType } from "@/lib/schemas/link";
import { IMPORT_MAX_LINKS } from "@/lib/schemas/import";
import { draftLink, unreadable, type DraftLink, type ImportDraft } from "./draft";

export const NOT_A_CSV_FILE = "This file could not be read as a CSV file with title and url columns";

/** A type by its name ("social") or its label ("Social Media"), any case. */
function linkTypeOf(value: string): LinkType | null {
  const wanted = value.trim().toLowerCase();
  if (!wanted) return "regular";
  return LINK_TYPES.find((type) => type === wanted || LINK_TYPE_LABELS[type].toLowerCase() === wanted) ?? null;
}

/**
 * A CSV file whose header names `title` and `url` (any case, any order) and optionally `type`;
 * quoted fields may hold commas and line breaks, and a byte-order mark is ignored.
 */
export function parseCsv(content: string): ImportDraft {
  let rows: Record<string, string>[];
  try {
    rows = parse<Record<string, string>>(content, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      to: IMPORT_MAX_LINKS + 1,
    });
  } catch {
    throw unreadable(NOT_A_CSV_FILE);
  }
  const first = rows[0];
  if (!first || !("title" in first) || !("url" in first)) throw unreadable(NOT_A_CSV_FILE);

  const skipped: string[] = [];
  const links: DraftLink[] = [];
  for (const [index, row] of rows.slice(0, IMPORT_MAX_LINKS).entries()) {
    const link_type = linkTypeOf(row.type ?? "");
    if (!link_type) {
      skipped.push(`Row ${index + 2}: unknown type "${(row.type ?? "").slice(0, 40)}"`);
      continue;
    }
    const lines: string[] = [];
    const drafted = draftLink({ title: row.title ?? "", url: row.url ?? "", link_type }, {}, lines);
    if (drafted) links.push(drafted);
    else skipped.push(`Row ${index + 2} ${lines[0] ?? ""}`.trim());
  }
  if (rows.length > IMPORT_MAX_LINKS) skipped.push(`Rows after the first ${IMPORT_MAX_LINKS}`);
  return { profiles: [{ slug: null, display_name: "", bio: "", avatar: null, design: null, links }], notImported: skipped };
}
