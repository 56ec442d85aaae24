// Group commit for analytics events. Events queue in memory; each batch is written atomically in
// one transaction (which of its events count at all, repeats.ts; then raw events, per-visitor-day
// rows, daily rollups and their 15-minute slots, Link.clicks: one statement per slot the batch
// spans, normally one), and each event's promise settles only after that write has committed.
// Breakdown rollups (device, country, ...) are written once per closed day instead
// (breakdowns-written-once.ts), except by a batch late for a day already written.
// While a batch commits the next one gathers, so the batch size follows the load by itself.
import { getDatabase } from "@/server/db/client";
import type { SqlTarget } from "@/server/db/sql-target";
import { thawForLateBatch } from "./frozen-days";
import { DAY_MS, SLOT_MS, SLOTS_PER_DAY, utcDayStart } from "./periods";
import { countOnce, forgetOldRepeats, storeRepeats, type RepeatCandidate, type RepeatKeys } from "./repeats";
import { resolveTargets, shownAt, type Target } from "./targets";
import { countWrittenEvents } from "./vacuum";
import { clickWebhookOwners, recordClickEvents } from "../webhooks/events";
import type { VisitorTraits } from "./visitor";
import { env } from "@/server/config/env";
import { log } from "@/server/logging/logger";
import { counts } from "@/server/metrics/counts";

/**
 * unknown: no such profile or link, or one its page does not show right now. bot: a bot's or
 * prefetch's event. repeat: the same address was counted on this page or link within the window.
 */
export type Outcome = "recorded" | "owner" | "bot" | "repeat" | "unknown";

export interface PendingEvent {
  type: "view" | "click";
  /** Set for page views; clicks resolve their profile from the link inside the batch. */
  profileId: string | null;
  linkId: string | null;
  /** The signed-in viewer; the event is skipped when they own the profile. */
  viewerUserId: string | null;
  at: number;
  /** null for a bot's click: it is only looked up (so the endpoint can tell whether the link exists). */
  traits: VisitorTraits | null;
  /** The address's keys for the repeat rule; null when traits is. */
  repeat: RepeatKeys | null;
  settle(outcome: Outcome): void;
  fail(error: unknown): void;
}

const MAX_BATCH = env.ANALYTICS_MAX_BATCH;
const MAX_QUEUE = 200_000;
const ATTEMPTS = 3;
/**
 * Batches in flight at once: ANALYTICS_WRITERS on PostgreSQL (default 1), one on PGlite, whose
 * single connection runs one at a time anyway. Every batch updates the same rollup rows, so a
 * second batch waits for the first one's row locks: on a 2-core machine two writers gave the same
 * click rate as one (`npm run bench:clicks -- --database postgres`: 6,155/s against 6,017–6,366)
 * and fewer distinct visitors' page views (`npm run bench:public -- --database postgres`:
 * 16,295–19,155/s against 19,189–20,998). Only where PostgreSQL's round trips, not its CPU, are the
 * limit does a second one pay (a slower machine: 2,632 clicks/s with two, 2,067–2,204 with one).
 * Concurrent batches agree as several instances do: repeat rows are held in sorted key order, every
 * statement takes its row locks in sorted order, and a deadlock is retried.
 */
const writersFor = (kind: string) => (kind === "postgres" ? env.ANALYTICS_WRITERS : 1);

interface WriterState {
  queue: PendingEvent[];
  /** Running writer loops. Each leaves the set in the same step as it finds the queue empty, so an
   * event queued at any moment either joins a running loop or starts one. */
  writers: Set<Promise<void>>;
  /** When this process last deleted expired repeat rows. */
  repeatsForgottenAt: number;
  /** Writer loops allowed at once (writersFor), as read when the first of them started. */
  maxWriters: number;
}

// One queue in the thread that serves visitors (the only one that counts views and clicks), shared by every module copy in it.
const slot = globalThis as unknown as { __linkbioAnalyticsWriter?: WriterState };
const state = (): WriterState =>
  (slot.__linkbioAnalyticsWriter ??= { queue: [], writers: new Set(), repeatsForgottenAt: Date.now(), maxWriters: 1 });

const FORGET_REPEATS_EVERY_MS = 10 * 60_000;

/** Deletes expired repeat rows now and then, outside any batch's transaction; a failure only waits for the next turn. */
function forgetRepeatsNowAndThen(s: WriterState): void {
  const now = Date.now();
  if (now - s.repeatsForgottenAt < FORGET_REPEATS_EVERY_MS) return;
  s.repeatsForgottenAt = now;
  forgetOldRepeats(getDatabase().sql, now).catch((error: unknown) => log().warn({ err: error }, "Analytics: old repeat rows not deleted"));
}

function dropped(event: PendingEvent): void {
  if (event.type === "view") counts.viewsDropped += 1;
  else counts.clicksDropped += 1;
}

/** Events waiting for their batch (the analytics queue length /metrics reports). */
export function queuedEvents(): number {
  return slot.__linkbioAnalyticsWriter?.queue.length ?? 0;
}

export function enqueue(event: PendingEvent): void {
  const s = state();
  if (s.queue.length >= MAX_QUEUE) {
    dropped(event);
    event.fail(new Error("Analytics queue is full: the database is not keeping up"));
    return;
  }
  if (event.type === "view") counts.viewsAccepted += 1;
  else counts.clicksAccepted += 1;
  s.queue.push(event);
  // The setting is read when no writer runs, not per event (a read looks in process.env).
  if (s.writers.size === 0) s.maxWriters = writersFor(getDatabase().kind);
  if (s.writers.size < s.maxWriters) startWriter(s);
}

function startWriter(s: WriterState): void {
  // Assigned before the loop's first await returns, so the finally always finds it.
  let writer: Promise<void> | undefined = undefined;
  writer = (async () => {
    try {
      // Let the events of the current tick join the first batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (s.queue.length > 0) await commit(s.queue.splice(0, MAX_BATCH), 1);
      forgetRepeatsNowAndThen(s);
    } finally {
      s.writers.delete(writer!);
    }
  })();
  s.writers.add(writer);
}

/** Resolves when every event queued before (and during) the call has been committed or failed. */
export async function flush(): Promise<void> {
  const s = state();
  while (s.writers.size > 0 || s.queue.length > 0) {
    if (s.writers.size === 0) startWriter(s);
    await Promise.all(s.writers);
  }
}

/** Retries a failing batch, then halves it so one bad event cannot take the others down with it. */
async function commit(batch: PendingEvent[], attempt: number): Promise<void> {
  let outcomes: Outcome[];
  const database = getDatabase();
  try {
    outcomes = await writeBatch(database.sql, batch);
  } catch (error) {
    if (env.ANALYTICS_DEBUG) log().warn(`Analytics: batch of ${batch.length} failed (attempt ${attempt}): ${(error as Error).message}`);
    if (attempt < ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 25 * 4 ** attempt));
      return commit(batch, attempt + 1);
    }
    if (batch.length > 1) {
      const half = Math.ceil(batch.length / 2);
      await commit(batch.slice(0, half), ATTEMPTS);
      await commit(batch.slice(half), ATTEMPTS);
      return;
    }
    log().error({ err: error }, "Analytics: could not record an event");
    if (batch[0]) dropped(batch[0]);
    batch[0]?.fail(error);
    return;
  }
  batch.forEach((event, i) => {
    const outcome = outcomes[i]!;
    if (outcome === "recorded") {
      if (event.type === "view") counts.viewsWritten += 1;
      else counts.clicksWritten += 1;
    }
    event.settle(outcome);
  });
  countWrittenEvents(database, batch.length);
}

interface RollupRow {
  profileId: string;
  dimension: string;
  key: string;
  views: number;
  clicks: number;
}

interface VisitorDayRow {
  profileId: string;
  linkId: string; // "" for page views, ANY_CLICK for the page's clickers
  hash: string;
}

interface RecordedEvent {
  event: PendingEvent;
  traits: VisitorTraits;
  profileId: string;
}

interface Candidate extends RecordedEvent {
  index: number;
  repeat: RepeatCandidate;
  target: Target;
}

/** Sorted by key, so every writer (and every instance) takes row locks in the same order. */
const sortedValues = <V>(map: Map<string, V>) =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);

const iso = (ms: number) => new Date(ms).toISOString();

// One statement per 15-minute slot, in the transaction that decided the repeats: the raw events,
// the visitor-day rows (whose new rows are the new uniques), the daily rows with those uniques, the
// slot's counter in the day's slot arrays, Link.clicks, and the repeat rows' last counted times
// ($24, $25; repeats.ts), stored as an upsert: the conflict check finds each row through the primary
// key, where an UPDATE joined to the keys was planned as a scan of the whole table and slowed down
// as the table grew. $11 is the slot's UTC day, $12 its start and $13 its 1-based index in the
// slot arrays: incrementing one element in place is several times cheaper than adding two
// 96-element arrays. An empty slot is NULL and an array ends at its last count, so a new row holds
// a null bitmap and one number, not 96 zeros: a page's first visitors of the day (most rows, spread
// over many pages) wrote 2 KB each. (Whitespace is squeezed out: the text travels with every batch.)
const WRITE = squeeze(`
WITH events AS (
  INSERT INTO "AnalyticsEvent" (type, profile_id, link_id, created_at, device_type, browser, os, country, referrer_host, visitor_hash, utm_source, utm_medium, utm_campaign)
  SELECT t::"AnalyticsEventType", p, l, a, d, b, o, c, r, h, us, um, uc
    FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                $26::text[], $27::text[], $28::text[])
      AS u(t, p, l, a, d, b, o, c, r, h, us, um, uc)
), visitors AS (
  INSERT INTO "AnalyticsVisitorDay" AS v (profile_id, day, link_id, visitor_hash, first_at, last_at)
  SELECT p, $11::date, l, h, $12::timestamptz, $12::timestamptz FROM unnest($14::text[], $15::text[], $16::text[]) AS u(p, l, h)
  ON CONFLICT (profile_id, day, link_id, visitor_hash) DO UPDATE
    SET first_at = LEAST(v.first_at, EXCLUDED.first_at), last_at = GREATEST(v.last_at, EXCLUDED.last_at)
    WHERE EXCLUDED.first_at < v.first_at OR EXCLUDED.last_at > v.last_at
  RETURNING profile_id, link_id, (xmax = 0) AS inserted
), fresh AS (
  SELECT profile_id, CASE link_id WHEN '' THEN 'total' WHEN '*' THEN 'clicked' ELSE 'link' END AS dimension,
         CASE WHEN link_id = '*' THEN '' ELSE link_id END AS key, count(*)::int AS n
    FROM visitors WHERE inserted GROUP BY 1, 2, 3
), rollup AS (
  SELECT * FROM unnest($17::text[], $18::text[], $19::text[], $20::int[], $21::int[]) AS u(profile_id, dimension, key, views, clicks)
), daily AS (
  INSERT INTO "AnalyticsDaily" AS d (profile_id, dimension, day, key, views, clicks, uniques)
  SELECT r.profile_id, r.dimension, $11::date, r.key, r.views, r.clicks, coalesce(f.n, 0)
    FROM rollup r LEFT JOIN fresh f USING (profile_id, dimension, key)
  ON CONFLICT (profile_id, dimension, day, key) DO UPDATE
    SET views = d.views + EXCLUDED.views, clicks = d.clicks + EXCLUDED.clicks, uniques = d.uniques + EXCLUDED.uniques
), slots AS (
  INSERT INTO "AnalyticsDailySlots" AS s (profile_id, dimension, day, key, views, clicks)
  SELECT profile_id, dimension, $11::date, key,
         array_fill(NULL::int, ARRAY[$13::int - 1]) || nullif(views, 0),
         array_fill(NULL::int, ARRAY[$13::int - 1]) || nullif(clicks, 0)
    FROM rollup
  ON CONFLICT (profile_id, dimension, day, key) DO UPDATE
    SET views[$13::int] = nullif(coalesce(s.views[$13::int], 0) + coalesce(EXCLUDED.views[$13::int], 0), 0),
        clicks[$13::int] = nullif(coalesce(s.clicks[$13::int], 0) + coalesce(EXCLUDED.clicks[$13::int], 0), 0)
), links AS (
  UPDATE "Link" AS l SET clicks = l.clicks + u.n FROM unnest($22::text[], $23::int[]) AS u(id, n) WHERE l.id = u.id
), repeats AS (
  INSERT INTO "AnalyticsRepeat" AS r (key, counted_at) SELECT key, at FROM unnest($24::text[], $25::timestamptz[]) AS u(key, at)
  ON CONFLICT (key) DO UPDATE SET counted_at = EXCLUDED.counted_at
)
SELECT 1`);

const NO_OWNERS: ReadonlySet<string> = new Set();

/** Named, so PostgreSQL parses and plans the statement once per connection rather than per batch. */
const WRITE_STATEMENT = "linkbio_analytics_write";

function squeeze(sql: string): string {
  return sql.replace(/\s+/g, " ").trim();
}

/**
 * Writes one batch and tells each event's outcome: an event counts when its page shows it right
 * now (targets.ts: the profile is not private, a link is active and inside its schedule), the
 * viewer is not the profile's owner, and its address was not counted on it within the window
 * (repeats.ts). The counted events take one statement per 15-minute slot (normally one), in the
 * transaction that decided the repeats.
 */
export async function writeBatch(sql: SqlTarget, batch: PendingEvent[]): Promise<Outcome[]> {
  const targets = await resolveTargets(sql, batch);
  const outcomes: Outcome[] = [];
  const candidates: Candidate[] = [];
  batch.forEach((event, index) => {
    const target = targets[index];
    let outcome: Outcome;
    if (!target) outcome = "unknown";
    else if (event.viewerUserId === target.ownerId) outcome = "owner";
    else if (!shownAt(target, event.at)) outcome = "unknown";
    else if (!event.traits || !event.repeat) outcome = "bot";
    else {
      outcome = "recorded";
      const repeat = { kind: event.type, keys: event.repeat, at: event.at };
      candidates.push({ index, event, traits: event.traits, profileId: target.profileId, repeat, target });
    }
    outcomes.push(outcome);
  });
  if (candidates.length === 0) return outcomes;
  // Read at most every few seconds, not per batch: no query at all while no account subscribed to clicks.
  const clickOwners = candidates.some(({ event }) => event.type === "click") ? await clickWebhookOwners(sql) : NO_OWNERS;
  await sql.transaction(async (tx) => {
    const decision = await countOnce(
      tx,
      candidates.map((candidate) => candidate.repeat),
    );
    const { counted } = decision;
    const bySlot = new Map<number, RecordedEvent[]>();
    candidates.forEach((candidate, i) => {
      if (!counted[i]) {
        outcomes[candidate.index] = "repeat";
        return;
      }
      const slot = Math.floor(candidate.event.at / SLOT_MS);
      const recorded = bySlot.get(slot) ?? [];
      recorded.push(candidate);
      bySlot.set(slot, recorded);
    });
    const breakdownDays = await thawLateDays(tx, bySlot);
    // The first statement also stores the repeat times countOnce left to store (repeats.ts).
    let repeats: unknown[] = [decision.storeKeys, decision.storeTimes];
    for (const [slot, recorded] of bySlot) {
      const breakdowns = breakdownDays.has(dayOfSlot(slot));
      await tx.query(WRITE, [...statementParams(slot, recorded, breakdowns), ...repeats, ...utmParams(recorded)], WRITE_STATEMENT);
      repeats = [[], []];
    }
    if (bySlot.size === 0) await storeRepeats(tx, decision);
    // A counted click of a subscribed account is a `link.clicked` event, committed with the click itself.
    const subscribed = candidates.filter(
      (candidate, i) => counted[i] && candidate.event.type === "click" && clickOwners.has(candidate.target.ownerId),
    );
    await recordClickEvents(
      tx,
      subscribed.map(({ event, traits, target }) => ({
        userId: target.ownerId,
        at: new Date(event.at),
        data: {
          link_id: event.linkId!,
          profile_slug: target.profileSlug,
          country: traits.country,
          device: traits.deviceType,
          referrer: traits.referrerHost,
        },
      })),
    );
  });
  return outcomes;
}

const dayOfSlot = (slot: number) => Math.floor((slot * SLOT_MS) / DAY_MS) * DAY_MS;

/**
 * Events of a UTC day before this process's today may fall on a frozen day (frozen-days.ts): each
 * such day, in order (so concurrent batches lock alike), is locked and thawed for its profiles.
 * Returns the days whose breakdown rows are written already (breakdowns-written-once.ts): the
 * batch adds its events to them. Today's never are: a day freezes two days after it began.
 */
async function thawLateDays(tx: SqlTarget, bySlot: Map<number, RecordedEvent[]>): Promise<Set<number>> {
  const today = utcDayStart(Date.now());
  const lateDays = new Map<number, Set<string>>();
  for (const [slot, recorded] of bySlot) {
    const day = dayOfSlot(slot);
    if (day >= today) continue;
    const profiles = lateDays.get(day) ?? new Set<string>();
    for (const { profileId } of recorded) profiles.add(profileId);
    lateDays.set(day, profiles);
  }
  const written = new Set<number>();
  for (const day of [...lateDays.keys()].sort((a, b) => a - b)) {
    if (await thawForLateBatch(tx, day, [...lateDays.get(day)!].sort())) written.add(day);
  }
  return written;
}

/** $26–$28: each event's utm_source, utm_medium and utm_campaign. */
const utmParams = (recorded: RecordedEvent[]) => [
  recorded.map((r) => r.traits.utm.source),
  recorded.map((r) => r.traits.utm.medium),
  recorded.map((r) => r.traits.utm.campaign),
];

/** The visitor-day row's link_id that marks a clicker of any of the page's links. */
export const ANY_CLICK = "*";

function addVisitorDay(rows: Map<string, VisitorDayRow>, profileId: string, linkId: string, hash: string): void {
  const key = [profileId, linkId, hash].join("\u0001");
  if (!rows.has(key)) rows.set(key, { profileId, linkId, hash });
}

/** A breakdown's rollup key per dimension; a utm_* value only when the event carried one. */
function breakdownDimensions(traits: VisitorTraits): [string, string][] {
  const dimensions: [string, string][] = [
    ["device", traits.deviceType],
    ["country", traits.country],
    ["referrer", traits.referrerHost],
    ["browser", traits.browser],
    ["os", traits.os],
  ];
  const utm: [string, string][] = [
    ["utm_source", traits.utm.source],
    ["utm_medium", traits.utm.medium],
    ["utm_campaign", traits.utm.campaign],
  ];
  for (const [dimension, value] of utm) if (value) dimensions.push([dimension, value]);
  return dimensions;
}

/**
 * The WRITE statement's parameters for events that all fall in one slot (numbered from the epoch).
 * Visitor-day rows get the slot's start as their first and last time; see the schema. Breakdown
 * rollups only for a day whose breakdowns are written already (breakdowns-written-once.ts).
 */
function statementParams(slot: number, recorded: RecordedEvent[], breakdowns: boolean): unknown[] {
  const slotStart = slot * SLOT_MS;
  const visitorDays = new Map<string, VisitorDayRow>();
  const rollups = new Map<string, RollupRow>();
  const linkClicks = new Map<string, number>();

  for (const { event, traits, profileId } of recorded) {
    const linkId = event.linkId ?? "";
    addVisitorDay(visitorDays, profileId, linkId, traits.visitorHash);

    const view = event.type === "view" ? 1 : 0;
    const dimensions: [string, string][] = [["total", ""]];
    if (breakdowns) dimensions.push(...breakdownDimensions(traits));
    if (event.linkId) {
      // "clicked": any click, whose uniques are the page's unique clickers (visitor-day rows "*").
      addVisitorDay(visitorDays, profileId, ANY_CLICK, traits.visitorHash);
      dimensions.push(["link", event.linkId], ["clicked", ""]);
      linkClicks.set(event.linkId, (linkClicks.get(event.linkId) ?? 0) + 1);
    }
    for (const [dimension, key] of dimensions) {
      const id = [profileId, dimension, key].join("\u0001");
      let row = rollups.get(id);
      if (!row) {
        row = { profileId, dimension, key, views: 0, clicks: 0 };
        rollups.set(id, row);
      }
      row.views += view;
      row.clicks += 1 - view;
    }
  }

  const visitorRows = sortedValues(visitorDays);
  const rollupRows = sortedValues(rollups);
  const linkIds = [...linkClicks.keys()].sort();
  const pick = <T>(rows: T[], f: (row: T) => unknown) => rows.map(f);
  return [
    pick(recorded, (r) => r.event.type),
    pick(recorded, (r) => r.profileId),
    pick(recorded, (r) => r.event.linkId),
    pick(recorded, (r) => iso(r.event.at)),
    pick(recorded, (r) => r.traits.deviceType),
    pick(recorded, (r) => r.traits.browser),
    pick(recorded, (r) => r.traits.os),
    pick(recorded, (r) => r.traits.country),
    pick(recorded, (r) => r.traits.referrerHost),
    pick(recorded, (r) => r.traits.visitorHash),
    iso(slotStart).slice(0, 10),
    iso(slotStart),
    (slot % SLOTS_PER_DAY) + 1,
    pick(visitorRows, (r) => r.profileId),
    pick(visitorRows, (r) => r.linkId),
    pick(visitorRows, (r) => r.hash),
    pick(rollupRows, (r) => r.profileId),
    pick(rollupRows, (r) => r.dimension),
    pick(rollupRows, (r) => r.key),
    pick(rollupRows, (r) => r.views),
    pick(rollupRows, (r) => r.clicks),
    linkIds,
    linkIds.map((id) => linkClicks.get(id)),
  ];
}
