import { onOtherThreadNotice, tellOtherThread } from "@/server/threads/bridge";

/**
 * Which sessions are live, remembered for a moment so a request costs no query. Revoking here
 * takes effect at once; other instances re-read within ENTRY_MS, which bounds how long a session
 * revoked elsewhere still works.
 */
const ENTRY_MS = 2_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  /** The owner while live; null once revoked or unknown. */
  userId: string | null;
  checkedAt: number;
}

// Next's bundle holds copies of this module; one cache per thread. The visitors' thread keeps its own
// (to know a page's owner), so an ending told here is told there too.
const slot = globalThis as unknown as { __linkbioSessionCache?: Map<string, Entry> };
const SESSIONS_ENDED = "sessions-ended";
const entries = () => (slot.__linkbioSessionCache ??= new Map<string, Entry>());

/** The cached owner (or null for an ended session); undefined when the database must be asked. */
export function cachedSessionOwner(sessionId: string, now: number): string | null | undefined {
  const entry = entries().get(sessionId);
  if (!entry || now - entry.checkedAt >= ENTRY_MS) return undefined;
  return entry.userId;
}

export function rememberSessionOwner(sessionId: string, userId: string | null, now: number): void {
  const cache = entries();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(sessionId, { userId, checkedAt: now });
}

/** Called after the revocation committed, so this instance refuses the sessions from now on. */
export function markSessionsEnded(sessionIds: Iterable<string>, now: number): void {
  const ids = [...sessionIds];
  for (const id of ids) rememberSessionOwner(id, null, now);
  tellOtherThread(SESSIONS_ENDED, { ids, now });
}

onOtherThreadNotice(SESSIONS_ENDED, (payload) => {
  const { ids, now } = payload as { ids: string[]; now: number };
  for (const id of ids) rememberSessionOwner(id, null, now);
});
