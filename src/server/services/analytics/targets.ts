// Which profile an event belongs to and who owns it, remembered for a short while so the batch
// writer asks the database only about ids it has not seen lately (one query per batch, for the
// misses). Links never move between profiles and profiles never change owners, so the only thing
// that can go stale is a deletion: a deleted profile makes the batch's insert fail on its foreign
// key (the writer then forgets the batch's ids and resolves them again); a click on a link deleted
// less than POSITIVE_TTL ago is still counted, as the click it was on the page the visitor saw.
import type { SqlTarget } from "@/server/db/sql-target";

export interface Target {
  profileId: string;
  ownerId: string;
}

export interface TargetRef {
  profileId: string | null;
  linkId: string | null;
}

const POSITIVE_TTL = 30_000;
const NEGATIVE_TTL = 5_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  target: Target | null;
  expires: number;
}

const slot = globalThis as unknown as { __linkbioAnalyticsTargets?: Map<string, Entry> };
const cache = () => (slot.__linkbioAnalyticsTargets ??= new Map());
const keyOf = (ref: TargetRef) => (ref.linkId !== null ? `l:${ref.linkId}` : `p:${ref.profileId ?? ""}`);

export async function resolveTargets(sql: SqlTarget, refs: TargetRef[], now = Date.now()): Promise<(Target | null)[]> {
  const entries = cache();
  const found = new Map<string, Target | null>();
  const links = new Set<string>();
  const profiles = new Set<string>();
  for (const ref of refs) {
    const key = keyOf(ref);
    const entry = entries.get(key);
    if (entry && entry.expires > now) found.set(key, entry.target);
    else if (ref.linkId !== null) links.add(ref.linkId);
    else if (ref.profileId !== null) profiles.add(ref.profileId);
  }
  if (links.size > 0 || profiles.size > 0) {
    const rows = await sql.query<{ kind: "l" | "p"; id: string; profile_id: string; user_id: string }>(
      `SELECT 'l' AS kind, l.id, l.profile_id, p.user_id FROM "Link" l JOIN "Profile" p ON p.id = l.profile_id WHERE l.id = ANY($1::text[])
       UNION ALL
       SELECT 'p', p.id, p.id, p.user_id FROM "Profile" p WHERE p.id = ANY($2::text[])`,
      [[...links], [...profiles]],
    );
    if (entries.size > MAX_ENTRIES) entries.clear();
    const remember = (key: string, target: Target | null) => {
      found.set(key, target);
      entries.set(key, { target, expires: now + (target ? POSITIVE_TTL : NEGATIVE_TTL) });
    };
    for (const id of links) remember(`l:${id}`, null);
    for (const id of profiles) remember(`p:${id}`, null);
    for (const row of rows) remember(`${row.kind}:${row.id}`, { profileId: row.profile_id, ownerId: row.user_id });
  }
  return refs.map((ref) => found.get(keyOf(ref)) ?? null);
}

/** Drops what is remembered about these events' ids, so the next attempt asks the database. */
export function forgetTargets(refs: TargetRef[]): void {
  const entries = cache();
  for (const ref of refs) entries.delete(keyOf(ref));
}
