// Loads a profile's retained events into columns and keeps them current, exactly, with several
// instances writing to one database.
//
// Why nothing committed is missed or counted twice: every event row carries `inserted_at`, the
// start of its inserting transaction by the database's clock (now()), and every read here also
// takes the database's now() (R) before its snapshot. A transaction that had not committed when a
// read took its snapshot commits after R, and since no analytics transaction lasts longer than
// MAX_TRANSACTION_MS (the writer enforces it: writer.ts), it began after R - MAX_TRANSACTION_MS, so
// its rows have inserted_at > R - MAX_TRANSACTION_MS. Each refresh therefore re-reads the rows
// with inserted_at >= R_previous - WINDOW_MS (WINDOW_MS > MAX_TRANSACTION_MS): the first read whose
// snapshot follows a commit sees its rows, however late or out of id order the commit was, and
// however old the events' created_at. Rows seen before are recognised by id (unique: one sequence)
// and skipped; ids are kept only while their inserted_at is inside the next read's window, so a
// row forgotten is a row no later read returns. Rows deleted by retention (whole old months) are
// dropped by comparing the profile's oldest created_at.
import type { SqlTarget } from "@/server/db/sql-target";
import { DAY_MS } from "../periods";
import { MAX_TRANSACTION_MS } from "../writer";
import { ProfileEvents, type EventRow } from "./columns";

/** How far back each refresh re-reads by inserted_at: longer than any analytics transaction. */
export const WINDOW_MS = MAX_TRANSACTION_MS * 3;

/** Rows per load query; bounded so a large profile never sits in memory as row objects. */
const LOAD_CHUNK = 50_000;

export interface CachedProfile {
  events: ProfileEvents;
  /** The database's now() taken before the last read. */
  readAt: number;
  /** Ids of rows read whose inserted_at is inside the next read's window, with that time. */
  seen: Map<string, number>;
}

interface DbRow {
  id: string;
  type: "view" | "click";
  link_id: string | null;
  at: number;
  inserted: number;
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
  (extract(epoch FROM inserted_at) * 1000)::float8 AS inserted, country, device_type, browser, os, referrer_host,
  utm_source, utm_medium, utm_campaign, visitor_hash`;

const toEvent = (row: DbRow): EventRow => ({
  id: row.id,
  type: row.type,
  link_id: row.link_id,
  at: row.at,
  inserted: row.inserted,
  traits: [row.country, row.device_type, row.browser, row.os, row.referrer_host, row.utm_source, row.utm_medium, row.utm_campaign],
  visitor_hash: row.visitor_hash,
});

async function databaseNow(sql: SqlTarget): Promise<number> {
  const [row] = await sql.query<{ now: number }>(`SELECT (extract(epoch FROM now()) * 1000)::float8 AS now`);
  return row!.now;
}

/** UTC days before yesterday (by the database's clock) get no new events in practice; their dictionaries go. */
const closeOldDays = (events: ProfileEvents, now: number) => events.closeDaysBefore(Math.floor(now / DAY_MS) - 1);

/** Reads all of a profile's retained events, in time order, a chunk at a time. */
export async function loadProfile(sql: SqlTarget, profileId: string): Promise<CachedProfile> {
  const readAt = await databaseNow(sql);
  const events = new ProfileEvents();
  const seen = new Map<string, number>();
  let after: { at: number; id: string } | null = null;
  for (;;) {
    const rows: DbRow[] = await sql.query<DbRow>(
      after
        ? `SELECT ${COLUMNS} FROM "AnalyticsEvent" WHERE profile_id = $1
             AND (created_at, id) > (to_timestamp($2::float8 / 1000), $3::bigint) ORDER BY created_at, id LIMIT ${LOAD_CHUNK}`
        : `SELECT ${COLUMNS} FROM "AnalyticsEvent" WHERE profile_id = $1 ORDER BY created_at, id LIMIT ${LOAD_CHUNK}`,
      after ? [profileId, after.at, after.id] : [profileId],
    );
    for (const row of rows) {
      // In time order, so each UTC day's dictionaries can go once the load has passed it.
      events.closeDaysBefore(Math.min(Math.floor(row.at / DAY_MS), Math.floor(readAt / DAY_MS) - 1));
      events.add(toEvent(row));
      if (row.inserted >= readAt - WINDOW_MS) seen.set(row.id, row.inserted);
    }
    if (rows.length < LOAD_CHUNK) break;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
  closeOldDays(events, readAt);
  return { events, readAt, seen };
}

/**
 * Adds the rows committed since the last read. False when one belongs to a UTC day whose
 * dictionaries are gone: the profile must be loaded afresh.
 */
export async function refreshProfile(sql: SqlTarget, profileId: string, cached: CachedProfile): Promise<boolean> {
  const rows = await sql.query<DbRow & { now: number; oldest: number | null }>(
    `SELECT (extract(epoch FROM now()) * 1000)::float8 AS now,
            (SELECT (extract(epoch FROM min(created_at)) * 1000)::float8 FROM "AnalyticsEvent" WHERE profile_id = $1) AS oldest, e.*
       FROM (SELECT 1) AS one
       LEFT JOIN (SELECT ${COLUMNS} FROM "AnalyticsEvent" WHERE profile_id = $1 AND inserted_at >= to_timestamp($2::float8 / 1000)) AS e ON true`,
    [profileId, cached.readAt - WINDOW_MS],
  );
  const { now, oldest } = rows[0]!;
  const fresh = rows.filter((row) => row.id !== null && !cached.seen.has(row.id)).sort((a, b) => a.at - b.at);
  const { events, seen } = cached;
  for (const row of fresh) {
    if (!events.add(toEvent(row))) return false;
    seen.set(row.id, row.inserted);
  }
  events.dropBefore(oldest ?? Infinity);
  cached.readAt = now;
  for (const [id, inserted] of seen) if (inserted < now - WINDOW_MS) seen.delete(id);
  closeOldDays(events, now);
  return true;
}
