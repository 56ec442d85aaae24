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

// Next bundles its own copy of this module beside the custom server's; both must see one cache.
const slot = globalThis as unknown as { __linkbioSessionCache?: Map<string, Entry> };
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
  for (const id of sessionIds) rememberSessionOwner(id, null, now);
}
