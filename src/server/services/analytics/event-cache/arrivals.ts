// One link's clicks by the referrer its visitor arrived on the page with, from the cached events,
// as events.ts clicksByArrivalReferrer reads them from SQL: each click takes the referrer of the
// same visitor's first page view in its UTC day (from that day's start to the range's end), or its
// own when there is none.
import { DAY_MS, type Range } from "../periods";
import { CLICK, TRAITS, type ProfileEvents } from "./columns";
import { filterTablesOf, type Selection } from "./summary";

const REFERRER = TRAITS.indexOf("referrer");

/** Clicks per stored referrer host, for the selection's link (none: no clicks). */
export function clicksByArrival(events: ProfileEvents, range: Range, selection: Selection): { key: string; clicks: number }[] {
  const onlyLink = selection.linkId === undefined ? -1 : events.links.values.indexOf(selection.linkId);
  if (onlyLink < 0) return [];
  const { filterColumns, filterTables } = filterTablesOf(events, selection);
  const passes = (i: number) => filterColumns.every((column, f) => filterTables[f]![column[i]!] === 1);
  const { at, type, link, visitor } = events;
  const referrer = events.traits[REFERRER]!;
  const counts = new Int32Array(events.dictionaries[REFERRER]!.values.length);
  // The code of a visitor's first view that day plus one; 0 for none.
  const arrival = new Int32Array(events.maxDayVisitors);
  const first = events.firstAtOrAfter(range.start);
  const end = events.firstAtOrAfter(range.end);
  // A UTC day's events are contiguous: first its views' arrivals, then its clicks.
  for (let day = events.firstAtOrAfter(Math.floor(range.start / DAY_MS) * DAY_MS); day < end;) {
    const next = Math.min(end, events.firstAtOrAfter((Math.floor(at[day]! / DAY_MS) + 1) * DAY_MS));
    arrival.fill(0);
    for (let i = day; i < next; i += 1) if (type[i] !== CLICK && arrival[visitor[i]!] === 0) arrival[visitor[i]!] = referrer[i]! + 1;
    for (let i = Math.max(day, first); i < next; i += 1) {
      if (type[i] !== CLICK || link[i] !== onlyLink || !passes(i)) continue;
      counts[(arrival[visitor[i]!] || referrer[i]! + 1) - 1]! += 1;
    }
    day = next;
  }
  const values = events.dictionaries[REFERRER]!.values;
  const groups: { key: string; clicks: number }[] = [];
  counts.forEach((clicks, code) => clicks > 0 && groups.push({ key: values[code]!, clicks }));
  return groups;
}
