// One count per client address: a page view counts once per page per 30 minutes and a click once per
// link per hour, whatever the user agent (docs/analytics.md#analytics). Decided in the database, inside the
// batch's transaction, so every instance agrees: the batch locks the rows of its keys (writing a new
// key with its time at once), reads when each was last counted, and its write statement (writer.ts)
// stores the times that changed otherwise.
import { addressKey } from "@/lib/net/client-address";
import type { SqlTarget } from "@/server/db/sql-target";
import { DAY_MS } from "./periods";
import { saltedHash } from "./visitor";

export type RepeatKind = "view" | "click";

export const REPEAT_WINDOW_MS: Record<RepeatKind, number> = { view: 30 * 60_000, click: 60 * 60_000 };

/** Rows this much older than now can no longer decide anything and are deleted. */
const KEEP_MS = 2 * 60 * 60_000;

export interface RepeatKeys {
  /** The key this event is stored under when counted: hashed with its own UTC day's salt. */
  own: string;
  /** Every key an earlier count inside the window may be stored under: the previous day's too when the window starts before midnight. */
  lookup: string[];
}

function repeatKey(kind: RepeatKind, targetId: string, ip: string | null, dayStart: number): string {
  return saltedHash(dayStart, `repeat\n${kind}\n${targetId}\n${ip === null ? "" : addressKey(ip)}`);
}

/** The keys of an event on a page (view) or link (click) from this address at this instant. */
export function repeatKeys(kind: RepeatKind, targetId: string, ip: string | null, at: number): RepeatKeys {
  const own = repeatKey(kind, targetId, ip, at);
  const windowStart = at - REPEAT_WINDOW_MS[kind];
  const sameDay = Math.floor(windowStart / DAY_MS) === Math.floor(at / DAY_MS);
  return { own, lookup: sameDay ? [own] : [repeatKey(kind, targetId, ip, windowStart), own] };
}

// This process's memory of when it last counted an address on a target (the raw address, kept in
// memory only): an event inside the window after it is a repeat whatever the database holds, since
// the database's last counted time can only be later. Decided here, the database never sees it.
// Two generations bound it: counts go into the newer, and when that is full the older is dropped
// whole. (Deleting a Map's oldest entry one at a time cost 19 µs per count at 100,000 addresses:
// V8 steps over the deleted entries at the front on every `keys().next()`.)
export const REMEMBERED_PER_GENERATION = 50_000;
let newer = new Map<string, number>();
let older = new Map<string, number>();

const memoryKey = (kind: RepeatKind, targetId: string, ip: string | null) => `${kind}\n${targetId}\n${ip ?? ""}`;
const rememberedAt = (key: string) => newer.get(key) ?? older.get(key);

/** Whether this process counted the address on the target within the window before `at`: a certain repeat. */
export function countedRecently(kind: RepeatKind, targetId: string, ip: string | null, at: number): boolean {
  const last = rememberedAt(memoryKey(kind, targetId, ip));
  return last !== undefined && at - last < REPEAT_WINDOW_MS[kind];
}

/** Remembers a committed count; the oldest generation of memories goes when the newer is full. */
export function rememberCounted(kind: RepeatKind, targetId: string, ip: string | null, at: number): void {
  const key = memoryKey(kind, targetId, ip);
  if ((rememberedAt(key) ?? -Infinity) >= at) return;
  newer.set(key, at);
  if (newer.size < REMEMBERED_PER_GENERATION) return;
  older = newer;
  newer = new Map();
}

export interface RepeatCandidate {
  kind: RepeatKind;
  keys: RepeatKeys;
  at: number;
}

/**
 * Which candidates count, given when each key was last counted: in time order, an event counts
 * when no counted event of its address and target lies within the window before it. Returns the
 * decisions (in the candidates' order) and the new last-counted time of every key that changed.
 */
export function decideRepeats(
  candidates: RepeatCandidate[],
  lastCounted: Map<string, number>,
): { counted: boolean[]; stored: Map<string, number> } {
  const last = new Map(lastCounted);
  const stored = new Map<string, number>();
  const counted: boolean[] = new Array<boolean>(candidates.length).fill(false);
  const order = candidates.map((_, i) => i).sort((a, b) => candidates[a]!.at - candidates[b]!.at);
  for (const i of order) {
    const { kind, keys, at } = candidates[i]!;
    const previous = Math.max(...keys.lookup.map((key) => last.get(key) ?? -Infinity));
    if (at - previous < REPEAT_WINDOW_MS[kind]) continue;
    counted[i] = true;
    last.set(keys.own, at);
    stored.set(keys.own, at);
  }
  return { counted, stored };
}

// Sorted keys, so concurrent batches (on any instance) lock rows in the same order. A new key is
// written with the time its first event would be counted at (most of a busy batch: new visitors),
// so the batch's write has nothing left to store for it; an existing row is only locked (the no-op
// update) and comes back with its time. Rows written with a NULL time only hold a key (a lookup
// into the day before) and count as never counted.
const HOLD = `WITH held AS (
  INSERT INTO "AnalyticsRepeat" AS r (key, counted_at) SELECT k, a FROM unnest($1::text[], $2::timestamptz[]) AS u(k, a) ORDER BY k
  ON CONFLICT (key) DO UPDATE SET counted_at = r.counted_at
  RETURNING key, counted_at, (xmax = 0) AS inserted
)
SELECT key, (extract(epoch FROM counted_at) * 1000)::float8 AS counted_ms FROM held WHERE NOT inserted`;

/** Stores the last counted times a batch decided, where its write statement did not (writer.ts). */
const STORE = `INSERT INTO "AnalyticsRepeat" AS r (key, counted_at) SELECT k, a FROM unnest($1::text[], $2::timestamptz[]) AS u(k, a)
  ON CONFLICT (key) DO UPDATE SET counted_at = EXCLUDED.counted_at`;

const FORGET = `DELETE FROM "AnalyticsRepeat" WHERE counted_at IS NULL OR counted_at < $1::timestamptz`;

export interface RepeatDecision {
  counted: boolean[];
  /** Keys and ISO times (null: never counted) the batch's write must still store as last counted. */
  storeKeys: string[];
  storeTimes: (string | null)[];
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Decides which candidates count; call inside the transaction that writes the counted ones and stores the times. */
export async function countOnce(tx: SqlTarget, candidates: RepeatCandidate[]): Promise<RepeatDecision> {
  // Each key with the time it is written with when new: its first candidate's, or null for a key only looked up.
  const firstAt = new Map<string, number | null>();
  for (const { keys, at } of candidates) {
    const earlier = firstAt.get(keys.own);
    if (earlier == null || at < earlier) firstAt.set(keys.own, at);
  }
  for (const { keys } of candidates) for (const key of keys.lookup) if (!firstAt.has(key)) firstAt.set(key, null);
  const keys = [...firstAt.keys()].sort();
  const rows = await tx.query<{ key: string; counted_ms: number | null }>(
    HOLD,
    [keys, keys.map((key) => isoOrNull(firstAt.get(key)!))],
    "linkbio_analytics_repeat_hold",
  );
  const existing = new Map(rows.map((row) => [row.key, row.counted_ms]));
  const lastCounted = new Map<string, number>();
  for (const [key, ms] of existing) if (ms !== null) lastCounted.set(key, ms);
  const { counted, stored } = decideRepeats(candidates, lastCounted);
  const storeKeys: string[] = [];
  const storeTimes: (string | null)[] = [];
  for (const key of keys) {
    const decided = stored.get(key) ?? null;
    // An existing row changes only when counted again; a new one when it was written with another time.
    if (existing.has(key) ? decided !== null : decided !== firstAt.get(key)) {
      storeKeys.push(key);
      storeTimes.push(isoOrNull(decided));
    }
  }
  return { counted, storeKeys, storeTimes };
}

/** Stores the times countOnce left to store, in a batch that writes no events. */
export async function storeRepeats(tx: SqlTarget, { storeKeys, storeTimes }: RepeatDecision): Promise<void> {
  if (storeKeys.length > 0) await tx.query(STORE, [storeKeys, storeTimes], "linkbio_analytics_repeat_store");
}

/** Deletes rows too old to decide anything; `now` is the writer's clock. */
export async function forgetOldRepeats(sql: SqlTarget, now: number): Promise<void> {
  await sql.query(FORGET, [new Date(now - KEEP_MS).toISOString()]);
}
