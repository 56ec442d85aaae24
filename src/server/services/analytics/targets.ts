// Which profile an event belongs to, who owns it, and whether the page shows it: one query per
// batch for all its ids. Not remembered between batches, since a link switched off, a schedule
// ending or a profile turning private must stop counting at once (docs/analytics.md#analytics).
import type { SqlTarget } from "@/server/db/sql-target";

export interface Target {
  profileId: string;
  ownerId: string;
  /** The page's slug, which a `link.clicked` webhook event names. */
  profileSlug: string;
  /** Whether a visitor sees it right now: the profile is not private and, for a link, it is active. */
  listed: boolean;
  /** A link's schedule in epoch milliseconds; null when open on that side. */
  startsAt: number | null;
  endsAt: number | null;
}

export interface TargetRef {
  profileId: string | null;
  linkId: string | null;
}

/** Whether the page shows the target at this instant: the same rule as `visibleLinks`. */
export function shownAt(target: Target, at: number): boolean {
  return target.listed && (target.startsAt === null || target.startsAt <= at) && (target.endsAt === null || target.endsAt > at);
}

interface TargetRow {
  kind: "l" | "p";
  id: string;
  profile_id: string;
  user_id: string;
  slug: string;
  listed: boolean;
  starts_ms: number | null;
  ends_ms: number | null;
}

// Link schedules are UTC timestamps without a zone; epoch milliseconds avoid the driver's local-time parsing.
// A header (a section title without a URL) is never a click target.
const LOOKUP = `SELECT 'l' AS kind, l.id, l.profile_id, p.user_id, p.slug,
       l.is_active AND l.link_type NOT IN ('header', 'signup') AND p.profile_visibility <> 'private' AS listed,
       (extract(epoch FROM l.starts_at) * 1000)::float8 AS starts_ms, (extract(epoch FROM l.ends_at) * 1000)::float8 AS ends_ms
  FROM "Link" l JOIN "Profile" p ON p.id = l.profile_id WHERE l.id = ANY($1::text[])
UNION ALL
SELECT 'p', p.id, p.id, p.user_id, p.slug, p.profile_visibility <> 'private', NULL, NULL FROM "Profile" p WHERE p.id = ANY($2::text[])`;

export async function resolveTargets(sql: SqlTarget, refs: TargetRef[]): Promise<(Target | null)[]> {
  const links = new Set<string>();
  const profiles = new Set<string>();
  for (const ref of refs) {
    if (ref.linkId !== null) links.add(ref.linkId);
    else if (ref.profileId !== null) profiles.add(ref.profileId);
  }
  const rows = await sql.query<TargetRow>(LOOKUP, [[...links], [...profiles]], "linkbio_analytics_targets");
  const found = new Map<string, Target>();
  for (const row of rows) {
    found.set(`${row.kind}:${row.id}`, {
      profileId: row.profile_id,
      ownerId: row.user_id,
      profileSlug: row.slug,
      listed: row.listed,
      startsAt: row.starts_ms,
      endsAt: row.ends_ms,
    });
  }
  return refs.map((ref) => found.get(ref.linkId !== null ? `l:${ref.linkId}` : `p:${ref.profileId ?? ""}`) ?? null);
}
