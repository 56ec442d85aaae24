// Loads a profile's retained events into columns and keeps them current, exactly, with several
// instances writing to one database.
//
// Why nothing committed is missed or counted twice: every event row carries `inserted_xid`, the
// 64-bit id of the transaction that inserted it, and every read also takes its own snapshot's
// xmin (txid_snapshot_xmin): the oldest transaction still running when the snapshot was taken.
// Every transaction below xmin had finished, so its committed rows were visible to that read; a row
// the read could not see was written by a transaction at or above xmin, however late or out of id
// order it commits and however old its events' created_at. Each refresh therefore reads the rows
// with inserted_xid >= the previous read's xmin (a handful of recent transactions, normally), and
// skips those it already has by id (unique: one sequence). Ids are kept only while their
// transaction is at or above the latest xmin, so a row forgotten is a row no later read returns
// (xmin never goes back). Rows deleted by retention (whole old months) are dropped by comparing
// the profile's oldest created_at.
import type { SqlTarget } from "@/server/db/sql-target";
import { DAY_MS } from "../periods";
import { ProfileEvents, type EventRow } from "./columns";

/** Rows per load query; bounded so a large profile never sits in memory as row objects. */
const LOAD_CHUNK = 50_000;

export interface CachedProfile {
  events: ProfileEvents;
  /** The xmin of the last read's snapshot: rows of transactions from it on are read again. */
  horizon: string;
  /** Ids of rows read whose transaction is at or above the horizon, with that transaction. */
  seen: Map<string, bigint>;
}

interface DbRow {
  id: string;
  type: "view" | "click";
  link_id: string | null;
  at: number;
  xid: string;
  country: string;
  device_type: string;
  browser: string;
  os: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  visitor_hash: string;
}

const COLUMNS = `id::text AS id, type::text AS type, link_id, (extract(epoch FROM created_at) * 1000)::float8 AS at,
  inserted_xid::text AS xid, country, device_type, browser, os, referrer_host,
  utm_source, utm_medium, utm_campaign, visitor_hash`;

const toEvent = (row: DbRow): EventRow => ({
  type: row.type,
  link_id: row.link_id,
  at: row.at,
  traits: [row.country, row.device_type, row.browser, row.os, row.referrer_host, row.utm_source, row.utm_medium, row.utm_campaign],
  visitor_hash: row.visitor_hash,
});

/** The read's snapshot xmin, and the database's clock. */
const READ_STAMP = `txid_snapshot_xmin(txid_current_snapshot())::text AS horizon, (extract(epoch FROM now()) * 1000)::float8 AS now`;

/** UTC days before yesterday (by the database's clock) get no new events in practice; their dictionaries go. */
const closeOldDays = (events: ProfileEvents, now: number) => events.closeDaysBefore(Math.floor(now / DAY_MS) - 1);

/** Between a chunk's values: a control character no trait is expected to hold (a chunk with one is read as rows). */
const SEPARATOR = "\x1f";

/** The text columns a chunk carries: the link, the traits in TRAITS order, then the visitor. */
const TEXT_COLUMNS = [
  "link_id",
  "country",
  "device_type",
  "browser",
  "os",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "visitor_hash",
];

type Cursor = { at: number; id: string } | null;

/** The next chunk's rows: the profile's first, or those after the cursor, in (created_at, id) order. */
const chunkOf = (cursor: Cursor, size: number) => `SELECT * FROM "AnalyticsEvent" WHERE profile_id = $1
   ${cursor ? "AND (created_at, id) > ($2::timestamptz, $3::bigint)" : ""} ORDER BY created_at, id LIMIT ${size}`;
// The cursor's time as exact milliseconds (created_at holds milliseconds).
const chunkParams = (profileId: string, cursor: Cursor) =>
  cursor ? [profileId, new Date(cursor.at).toISOString(), cursor.id] : [profileId];

/**
 * A chunk as one row of joined columns. One row instead of thousands spares the driver, or the
 * embedded database's thread and its message to this one, an object and fourteen strings per event.
 */
const chunkQuery = (cursor: Cursor, size: number) => `
  WITH chunk AS (${chunkOf(cursor, size)}),
  last AS (SELECT max(created_at) AS created_at FROM chunk)
  SELECT count(*)::int AS count,
         (SELECT round(date_part('epoch', created_at) * 1000)::float8 FROM last) AS last_at,
         (SELECT max(id)::text FROM chunk WHERE created_at = (SELECT created_at FROM last)) AS last_id,
         string_agg(round(date_part('epoch', created_at) * 1000)::int8::text, ' ') AS at,
         string_agg(CASE WHEN type = 'click' THEN 'c' ELSE 'v' END, '') AS type,
         ${TEXT_COLUMNS.map((column) => `string_agg(coalesce(${column}, ''), E'${SEPARATOR}') AS ${column}`).join(",\n         ")},
         string_agg(id::text || ' ' || inserted_xid::text, ' ') FILTER (WHERE inserted_xid >= $${cursor ? 4 : 2}::bigint) AS recent
    FROM chunk`;

interface ChunkRow {
  count: number;
  last_at: number | null;
  last_id: string | null;
  at: string | null;
  type: string | null;
  recent: string | null;
  [column: string]: unknown;
}

/** Reads all of a profile's retained events, in time order, a chunk at a time. */
export async function loadProfile(sql: SqlTarget, profileId: string, chunkSize = LOAD_CHUNK): Promise<CachedProfile> {
  // Taken before the first chunk's snapshot: an earlier xmin is never higher, so no row is missed.
  const [{ horizon, now }] = (await sql.query<{ horizon: string; now: number }>(`SELECT ${READ_STAMP}`)) as [
    { horizon: string; now: number },
  ];
  const events = new ProfileEvents();
  const seen = new Map<string, bigint>();
  const lastOpenDay = Math.floor(now / DAY_MS) - 1;
  const fetchChunk = (cursor: Cursor): { cursor: Cursor; fetched: Promise<ChunkRow> } => {
    const fetched = sql
      .query<ChunkRow>(chunkQuery(cursor, chunkSize), [...chunkParams(profileId, cursor), horizon])
      .then(([chunk]) => chunk!);
    // Awaited later, or never if an earlier chunk fails.
    fetched.catch(() => undefined);
    return { cursor, fetched };
  };
  let next: ReturnType<typeof fetchChunk> | null = fetchChunk(null);
  while (next) {
    const { cursor } = next;
    const chunk: ChunkRow = await next.fetched;
    const { count } = chunk;
    if (count === 0) break;
    next = count < chunkSize ? null : fetchChunk({ at: chunk.last_at!, id: chunk.last_id! });
    // The next chunk is read while this one is added: its query goes out before this turn's work.
    await new Promise(setImmediate);
    const at = chunk.at!.split(" ").map(Number);
    const [links, ...traits] = TEXT_COLUMNS.map((column) => (chunk[column] as string).split(SEPARATOR));
    const visitors = traits.pop()!;
    const whole = [links!, ...traits, visitors].every((values) => values.length === count);
    const inOrder = at.every((instant, i) => i === 0 || at[i - 1]! <= instant);
    if (!whole || !inOrder || !events.addColumns({ at, clicks: chunk.type!, links: links!, traits, visitors }, lastOpenDay)) {
      await addChunkRows(sql, events, profileId, { cursor, size: chunkSize }, lastOpenDay);
    }
    const recent = chunk.recent?.split(" ") ?? [];
    for (let i = 0; i < recent.length; i += 2) seen.set(recent[i]!, BigInt(recent[i + 1]!));
  }
  closeOldDays(events, now);
  return { events, horizon, seen };
}

/** Adds a chunk whose values hold the separator as one row per event. */
async function addChunkRows(
  sql: SqlTarget,
  events: ProfileEvents,
  profileId: string,
  { cursor, size }: { cursor: Cursor; size: number },
  lastOpenDay: number,
): Promise<void> {
  const rows = await sql.query<DbRow>(
    `SELECT ${COLUMNS} FROM (${chunkOf(cursor, size)}) AS chunk ORDER BY created_at, id`,
    chunkParams(profileId, cursor),
  );
  for (const row of rows) {
    events.closeDaysBefore(Math.min(Math.floor(row.at / DAY_MS), lastOpenDay));
    events.add(toEvent(row));
  }
}

/**
 * Adds the rows committed since the last read. False when one belongs to a UTC day whose
 * dictionaries are gone: the profile must be loaded afresh.
 */
export async function refreshProfile(sql: SqlTarget, profileId: string, cached: CachedProfile): Promise<boolean> {
  const rows = await sql.query<DbRow & { horizon: string; now: number; oldest: number | null }>(
    `SELECT ${READ_STAMP},
            (SELECT (extract(epoch FROM min(created_at)) * 1000)::float8 FROM "AnalyticsEvent" WHERE profile_id = $1) AS oldest, e.*
       FROM (SELECT 1) AS one
       LEFT JOIN (SELECT ${COLUMNS} FROM "AnalyticsEvent" WHERE profile_id = $1 AND inserted_xid >= $2::bigint) AS e ON true`,
    [profileId, cached.horizon],
  );
  const { horizon, now, oldest } = rows[0]!;
  const fresh = rows.filter((row) => row.id !== null && !cached.seen.has(row.id)).sort((a, b) => a.at - b.at);
  const { events, seen } = cached;
  for (const row of fresh) {
    if (!events.add(toEvent(row))) return false;
    seen.set(row.id, BigInt(row.xid));
  }
  events.dropBefore(oldest ?? Infinity);
  cached.horizon = horizon;
  const floor = BigInt(horizon);
  for (const [id, xid] of seen) if (xid < floor) seen.delete(id);
  closeOldDays(events, now);
  return true;
}
