// The process-wide cache of profiles' events for Insights: loaded in the background by a profile's
// unfiltered screen (or on its first filtered call), brought up to date before every answer
// (refresh.ts), bounded by ANALYTICS_CACHE_MB with the least recently used profiles let go. The
// calls of one screen share one pass per range and filters (summary.ts), kept and extended as
// events arrive.
import { env } from "@/server/config/env";
import type { SqlTarget } from "@/server/db/sql-target";
import type { Range } from "../periods";
import type { ProfileEvents } from "./columns";
import { loadProfile, refreshProfile, type CachedProfile } from "./refresh";
import { extendSummary, summarize, summaryBytes, worthKeeping, type Selection, type Summary } from "./summary";

interface Entry {
  profile: Promise<CachedProfile>;
  /** The events once loaded and found to fit the budget. */
  ready: ProfileEvents | null;
  /** The refresh under way and the turn it started at. */
  refreshing: { turn: number; done: Promise<void> } | null;
  turns: number;
  /** A refresh found an event its columns cannot take: the profile is loaded afresh. */
  stale: boolean;
  /** Estimated bytes once loaded: the events and the passes kept. */
  bytes: number;
  /** Passes done, by range and selection; each is brought up to date when asked for again. */
  summaries: Map<string, Summary>;
  /** When Insights last read it (epoch ms). */
  usedAt: number;
}

interface CacheState {
  /** In use order: the least recently used first. */
  entries: Map<string, Entry>;
  /** Profiles found larger than the whole budget, and when; they are answered from SQL for a while. */
  tooLarge: Map<string, number>;
}

const TOO_LARGE_RETRY_MS = 10 * 60_000;
/** A profile whose Insights nobody read for this long is let go: its owner has left the screen. */
export const EVENT_CACHE_IDLE_MS = 10 * 60_000;
const SUMMARIES_PER_PROFILE = 16;

// One cache in the web app's thread (Insights), shared by every module copy in it (Next's bundle holds several).
const slot = globalThis as unknown as { __linkbioEventCache?: CacheState };
function state(): CacheState {
  if (!slot.__linkbioEventCache) {
    slot.__linkbioEventCache = { entries: new Map(), tooLarge: new Map() };
    setInterval(() => letIdleProfilesGo(), EVENT_CACHE_IDLE_MS / 10).unref();
  }
  return slot.__linkbioEventCache;
}

/** Lets go of the profiles not read since `now - EVENT_CACHE_IDLE_MS` (run every minute; tests call it with a later `now`). */
export function letIdleProfilesGo(now = Date.now()): void {
  const s = state();
  for (const [profileId, entry] of [...s.entries]) if (now - entry.usedAt >= EVENT_CACHE_IDLE_MS) s.entries.delete(profileId);
  for (const [profileId, at] of [...s.tooLarge]) if (now - at >= TOO_LARGE_RETRY_MS) s.tooLarge.delete(profileId);
}

const budgetBytes = () => env.ANALYTICS_CACHE_MB * 1024 * 1024;

function newEntry(s: CacheState, sql: SqlTarget, profileId: string): Entry {
  const entry: Entry = {
    profile: loadProfile(sql, profileId),
    ready: null,
    refreshing: null,
    turns: 0,
    stale: false,
    bytes: 0,
    summaries: new Map(),
    usedAt: Date.now(),
  };
  // A load that fails is not kept.
  entry.profile.catch(() => s.entries.get(profileId) === entry && s.entries.delete(profileId));
  return entry;
}

/** The profile's events, current as of this call: every event committed before it is in. Null when the profile does not fit. */
async function currentProfile(sql: SqlTarget, profileId: string): Promise<{ entry: Entry; cached: CachedProfile } | null> {
  const s = state();
  const tooLargeAt = s.tooLarge.get(profileId);
  if (tooLargeAt !== undefined && Date.now() - tooLargeAt < TOO_LARGE_RETRY_MS) return null;
  const entry = s.entries.get(profileId) ?? newEntry(s, sql, profileId);
  s.entries.delete(profileId);
  s.entries.set(profileId, entry);
  entry.usedAt = Date.now();
  const cached = await entry.profile;
  const eventBytes = cached.events.bytes();
  if (entry.bytes === 0) entry.bytes = eventBytes;
  if (eventBytes > budgetBytes()) {
    s.entries.delete(profileId);
    s.tooLarge.set(profileId, Date.now());
    return null;
  }
  await refreshed(sql, profileId, entry, cached);
  if (entry.stale) {
    if (s.entries.get(profileId) === entry) s.entries.delete(profileId);
    return currentProfile(sql, profileId);
  }
  entry.bytes = entryBytes(entry, cached.events);
  entry.ready = cached.events;
  evictBeyondBudget(s);
  return { entry, cached };
}

/**
 * Waits for a refresh that started after this call did (its read sees everything committed before
 * the call); calls arriving together share one.
 */
async function refreshed(sql: SqlTarget, profileId: string, entry: Entry, cached: CachedProfile): Promise<void> {
  entry.turns += 1;
  const asked = entry.turns;
  for (;;) {
    const running = entry.refreshing;
    if (running) {
      await running.done;
      if (running.turn > asked) return;
      continue;
    }
    entry.turns += 1;
    const done = refreshProfile(sql, profileId, cached)
      .then((fits) => {
        if (!fits) entry.stale = true;
      })
      .finally(() => (entry.refreshing = null));
    entry.refreshing = { turn: entry.turns, done };
    await done;
    return;
  }
}

function entryBytes(entry: Entry, events: ProfileEvents): number {
  let bytes = events.bytes();
  for (const summary of entry.summaries.values()) bytes += summaryBytes(summary);
  return bytes;
}

/** Lets the least recently used profiles go until the cache fits its budget (the one just used stays). */
function evictBeyondBudget(s: CacheState): void {
  let total = 0;
  for (const entry of s.entries.values()) total += entry.bytes;
  for (const [profileId, entry] of s.entries) {
    if (total <= budgetBytes() || s.entries.size === 1) break;
    s.entries.delete(profileId);
    total -= entry.bytes;
  }
}

/**
 * One pass over the profile's events in a range under a selection, shared by the calls that need
 * it, with the events it was taken from (their dictionaries name its codes). `detailed` asks for
 * the per-trait counts too; a pass without them is taken again with them when they are asked for.
 * Null when the profile does not fit.
 */
export async function cachedSummary(
  sql: SqlTarget,
  profileId: string,
  range: Range,
  selection: Selection,
  selectionKey: string,
  detailed = true,
): Promise<{ summary: Summary; events: ProfileEvents } | null> {
  const current = await currentProfile(sql, profileId);
  if (!current) return null;
  const { entry, cached } = current;
  const { events } = cached;
  const key = `${range.start}:${range.end}:${selectionKey}`;
  const kept = entry.summaries.get(key);
  const usable = kept && (kept.detailed || !detailed) && (kept.pass.version === events.version || extendSummary(kept, events));
  const summary = usable ? kept : summarize(events, range, selection, detailed);
  // Kept in use order, so the live card's ever-new ranges push out each other, not the screen's pass.
  entry.summaries.delete(key);
  if (worthKeeping(summary, events)) {
    if (entry.summaries.size >= SUMMARIES_PER_PROFILE) entry.summaries.delete(entry.summaries.keys().next().value!);
    entry.summaries.set(key, summary);
  }
  // The passes count against the budget too (sixteen 90-day passes of each of many profiles add up);
  // a profile's own oldest passes go before it pushes itself out.
  entry.bytes = entryBytes(entry, events);
  while (entry.bytes > budgetBytes() && entry.summaries.size > 1) {
    entry.summaries.delete(entry.summaries.keys().next().value!);
    entry.bytes = entryBytes(entry, events);
  }
  evictBeyondBudget(state());
  return { summary, events };
}

/** The profile's events, current as of this call; null when the profile does not fit. */
export async function cachedEvents(sql: SqlTarget, profileId: string): Promise<ProfileEvents | null> {
  return (await currentProfile(sql, profileId))?.cached.events ?? null;
}

/** The profile's events if they are loaded and fit, as of their last refresh; never waits. */
export function loadedEvents(profileId: string): ProfileEvents | null {
  return state().entries.get(profileId)?.ready ?? null;
}

/**
 * Starts loading a profile's events if they are not cached, without waiting: a filter is likely to
 * follow the unfiltered screen, and loading a large profile takes seconds. A failure is met again,
 * and reported, by the filtered call that follows.
 */
export function warmEventCache(sql: SqlTarget, profileId: string): void {
  if (state().entries.has(profileId)) return;
  currentProfile(sql, profileId).catch(() => undefined);
}

/** Lets go of every cached profile (tests). */
export function clearEventCache(): void {
  state().entries.clear();
  state().tooLarge.clear();
}

/** Cached profiles and their estimated bytes. */
export function eventCacheSize(): { profiles: number; bytes: number } {
  let bytes = 0;
  for (const entry of state().entries.values()) bytes += entry.bytes;
  return { profiles: state().entries.size, bytes };
}
