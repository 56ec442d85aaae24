/**
 * A screen that starts editing from loaded data takes it only when it was read for this view: fetched
 * since the screen mounted, or by the server render that made the page (at or after `fetchedSince`,
 * the time that render began), never an older cache entry (docs/screens-speed.md#data-on-the-first-view).
 */
export function readForThisView(query: { isFetchedAfterMount: boolean; dataUpdatedAt: number }, fetchedSince: number): boolean {
  return query.isFetchedAfterMount || query.dataUpdatedAt >= fetchedSince;
}
