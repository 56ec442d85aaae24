// The event cache as the counter of cut UTC days' uniques for the rollups (rollups.ts
// DayPartUniques): a zone's screen cuts UTC days at both ends of each period, and counting a cut
// day's visitors in the cache's columns takes well under a millisecond where its thousands of
// visitor-day rows take the database tens.
import type { SqlTarget } from "@/server/db/sql-target";
import type { ProfileEvents } from "./event-cache/columns";
import { cachedSummary, loadedEvents } from "./event-cache/store";
import type { Range } from "./periods";
import type { DayPartUniques, PartUniques } from "./rollups";

const holdsAllOf = (events: ProfileEvents, part: Range) => part.start >= events.heldFrom();

/** Undefined until the profile's events are loaded (the rollups' visitor-day rows answer until then). */
export function cachedDayPartUniques(sql: SqlTarget, profileId: string): DayPartUniques | undefined {
  const loaded = loadedEvents(profileId);
  if (!loaded) return undefined;
  return {
    covers: (part) => holdsAllOf(loaded, part),
    async count(part): Promise<PartUniques | null> {
      const cached = await cachedSummary(sql, profileId, part, { allowed: {} }, "", false);
      if (!cached || !holdsAllOf(cached.events, part)) return null;
      const { summary, events } = cached;
      return {
        visitors: new Map([["", summary.visitors]]),
        anyClick: new Map([["", summary.clickers]]),
        clickers: new Map(events.links.values.map((id, code) => [id, summary.linkClickers[code]!])),
      };
    },
  };
}
