import type { DesignSettings, Link, Profile } from "@/generated/prisma/client";
import type { SqlTarget } from "@/server/db/sql-target";

/** A profile with what its public page shows: its links and its design settings. */
export type ProfileWithContent = Profile & { links: Link[]; design: DesignSettings | null };

/**
 * The DateTime columns of each model read here: to_jsonb writes them as text (timestamp(3) without
 * a time zone, holding UTC, as Prisma stores them), so they are made Dates again.
 */
export const DATE_COLUMNS = {
  Profile: ["created_at", "updated_at"],
  Link: ["starts_at", "ends_at", "created_at", "updated_at"],
  DesignSettings: ["updated_at"],
} as const;

// One statement instead of Prisma's three (profile, links, design): a page missing from the cache is
// read in one round trip to the database, which on the embedded one costs more than the statement itself.
const PROFILE_WITH_CONTENT = `SELECT to_jsonb(p) AS profile,
  (SELECT coalesce(jsonb_agg(to_jsonb(l) ORDER BY l.position, l.id), '[]'::jsonb) FROM "Link" l WHERE l.profile_id = p.id) AS links,
  (SELECT to_jsonb(d) FROM "DesignSettings" d WHERE d.profile_id = p.id) AS design
  FROM "Profile" p WHERE p.slug = $1`;

type Row = Record<string, unknown>;

function withDates<T>(row: Row, columns: readonly string[]): T {
  for (const column of columns) {
    const value = row[column];
    if (typeof value === "string") row[column] = new Date(`${value}Z`);
  }
  return row as T;
}

/** The profile under `slug` (already lower-cased) with its links in their order and its design, or null. */
export async function readProfileWithContent(sql: SqlTarget, slug: string): Promise<ProfileWithContent | null> {
  const [row] = await sql.query<{ profile: Row; links: Row[]; design: Row | null }>(PROFILE_WITH_CONTENT, [slug], "profile_with_content");
  if (!row) return null;
  return {
    ...withDates<Profile>(row.profile, DATE_COLUMNS.Profile),
    links: row.links.map((link) => withDates<Link>(link, DATE_COLUMNS.Link)),
    design: row.design ? withDates<DesignSettings>(row.design, DATE_COLUMNS.DesignSettings) : null,
  };
}
