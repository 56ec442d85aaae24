import { onOtherThreadNotice, tellOtherThread } from "@/server/threads/bridge";

/**
 * What a write changed on public pages, named by the keys a cached page carries: its slug, its
 * profile's id, its owner's id, and the custom domains whose serving may have changed.
 * `everything` when the change cannot be narrowed (or may have been missed).
 */
export type PageChange =
  { everything: true } | { everything?: false; slugs: string[]; profileIds: string[]; userIds: string[]; domains?: string[] };

export type PageChangeListener = (change: PageChange) => void;

export const EVERY_PAGE: PageChange = { everything: true };

// Shared by every module copy in the thread (Next's bundle holds several), so a write made through
// any of them reaches the listeners registered there; the bridge carries it to the other thread.
const slot = globalThis as unknown as { __linkbioPageChangeListeners?: Set<PageChangeListener> };

function listeners(): Set<PageChangeListener> {
  slot.__linkbioPageChangeListeners ??= new Set();
  return slot.__linkbioPageChangeListeners;
}

/** The page cache's owner subscribes here; the database layer only announces. Returns the unsubscribe. */
export function onPageChange(listener: PageChangeListener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

function announceInThisThread(change: PageChange): void {
  for (const listener of listeners()) listener(change);
}

/** Tells this thread's listeners and the other thread's (a write in the web app reaches the visitors' page cache). */
export function announcePageChange(change: PageChange): void {
  announceInThisThread(change);
  tellOtherThread(PAGE_CHANGE_NOTICE, change);
}

const PAGE_CHANGE_NOTICE = "page-change";
onOtherThreadNotice(PAGE_CHANGE_NOTICE, (change) => announceInThisThread(change as PageChange));

export function isEmptyChange(change: PageChange): boolean {
  return !change.everything && change.slugs.length + change.profileIds.length + change.userIds.length + (change.domains?.length ?? 0) === 0;
}

/** Joins changes into one, so a transaction announces once after it commits. */
export function mergeChanges(changes: PageChange[]): PageChange {
  if (changes.some((change) => change.everything)) return EVERY_PAGE;
  const slugs = new Set<string>();
  const profileIds = new Set<string>();
  const userIds = new Set<string>();
  const domains = new Set<string>();
  for (const change of changes) {
    if (change.everything) continue;
    change.slugs.forEach((slug) => slugs.add(slug));
    change.profileIds.forEach((id) => profileIds.add(id));
    change.userIds.forEach((id) => userIds.add(id));
    change.domains?.forEach((domain) => domains.add(domain));
  }
  return { slugs: [...slugs], profileIds: [...profileIds], userIds: [...userIds], ...(domains.size > 0 ? { domains: [...domains] } : {}) };
}

/** Another instance's payload; anything unreadable is taken as "everything changed", the safe reading. */
export function decodeChange(payload: string | undefined): PageChange {
  if (!payload || payload === "*") return EVERY_PAGE;
  try {
    const parsed = JSON.parse(payload) as { s?: unknown; p?: unknown; u?: unknown; d?: unknown };
    const strings = (value: unknown) => (Array.isArray(value) && value.every((item) => typeof item === "string") ? value : null);
    const slugs = strings(parsed.s);
    const profileIds = strings(parsed.p);
    const userIds = strings(parsed.u);
    const domains = parsed.d === undefined ? [] : strings(parsed.d);
    if (!slugs || !profileIds || !userIds || !domains) return EVERY_PAGE;
    return { slugs, profileIds, userIds, ...(domains.length > 0 ? { domains } : {}) };
  } catch {
    return EVERY_PAGE;
  }
}
