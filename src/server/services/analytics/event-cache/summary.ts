// One pass over a profile's cached events in a range, under filters, that feeds every Insights
// answer at once: totals with exact uniques, views and clicks per link and per value of every
// trait, and the 15-minute slots. Uniques count each UTC day's visitor indexes once with a stamp
// array (events are in time order, so a day's events are contiguous), exactly as
// count(DISTINCT visitor_hash) does, since a hash lives one UTC day. A pass keeps its place and
// its stamps, so events that arrive later are added to it rather than counted all over again.
import { DAY_MS, SLOT_MS, type Range } from "../periods";
import type { SlotCount } from "../rollups";
import { CLICK, TRAITS, type ProfileEvents, type Trait } from "./columns";

/** Which events count: per trait the values allowed (absent: any), and optionally one link's clicks. */
export interface Selection {
  allowed: Partial<Record<Trait, (value: string) => boolean>>;
  linkId?: string;
}

export interface Summary {
  /** Whether the per-trait counts were taken (a previous period's pass needs only totals and links). */
  detailed: boolean;
  views: number;
  clicks: number;
  visitors: number;
  clickers: number;
  /** Per link code: views (code 0, page views), clicks and unique clickers. */
  linkViews: Int32Array;
  linkClicks: Int32Array;
  linkClickers: Int32Array;
  /** Per trait, per dictionary code. */
  traitViews: Int32Array[];
  traitClicks: Int32Array[];
  firstSlot: number;
  slotViews: Int32Array;
  slotClicks: Int32Array;
  /** Where the pass stands, so it can go on over the events added after it (extendSummary). */
  pass: Pass;
}

interface Pass {
  range: Range;
  selection: Selection;
  /** The events' version it counts, and the index it stopped before (the first event at or after the range's end). */
  version: number;
  end: number;
  /** The current UTC day's end and stamp: a visitor (or pair) was seen this day when its stamp equals the day's number plus one. */
  nextDay: number;
  stamp: number;
  viewSeen: Float64Array;
  clickSeen: Float64Array;
  pairSeen: Float64Array;
}

/** What a kept pass holds in memory: its counters and stamps (a 90-day range's 15-minute slots alone are 69 KB). */
export function summaryBytes(summary: Summary): number {
  const { pass } = summary;
  let bytes = summary.linkViews.byteLength + summary.linkClicks.byteLength + summary.linkClickers.byteLength;
  for (const counts of [...summary.traitViews, ...summary.traitClicks]) bytes += counts.byteLength;
  bytes += summary.slotViews.byteLength + summary.slotClicks.byteLength;
  return bytes + pass.viewSeen.byteLength + pass.clickSeen.byteLength + pass.pairSeen.byteLength;
}

/**
 * Whether keeping a pass saves more than it holds: taking it again reads its range's events, keeping
 * it holds its counters; a small profile's passes (most profiles) are cheaper to take again.
 */
export function worthKeeping(summary: Summary, events: ProfileEvents): boolean {
  const { range } = summary.pass;
  const eventsRead = events.firstAtOrAfter(range.end) - events.firstAtOrAfter(range.start);
  return eventsRead * COUNTER_BYTES >= summaryBytes(summary);
}

const COUNTER_BYTES = 4;

/** Per filtered trait, its column and a 0/1 table over its dictionary codes: an event passes when every table says 1. */
export function filterTablesOf(events: ProfileEvents, selection: Selection) {
  const filterColumns: Uint32Array[] = [];
  const filterTables: Uint8Array[] = [];
  TRAITS.forEach((trait, t) => {
    const allowed = selection.allowed[trait];
    if (!allowed) return;
    filterColumns.push(events.traits[t]!);
    filterTables.push(Uint8Array.from(events.dictionaries[t]!.values, (value) => (allowed(value) ? 1 : 0)));
  });
  return { filterColumns, filterTables };
}

export function summarize(events: ProfileEvents, range: Range, selection: Selection, detailed = true): Summary {
  const firstSlot = Math.floor(range.start / SLOT_MS);
  const slots = Math.max(0, Math.ceil(range.end / SLOT_MS) - firstSlot);
  const summary: Summary = {
    detailed,
    views: 0,
    clicks: 0,
    visitors: 0,
    clickers: 0,
    linkViews: new Int32Array(0),
    linkClicks: new Int32Array(0),
    linkClickers: new Int32Array(0),
    traitViews: [],
    traitClicks: [],
    firstSlot,
    slotViews: new Int32Array(slots),
    slotClicks: new Int32Array(slots),
    pass: {
      range,
      selection,
      version: events.version,
      end: 0,
      nextDay: -Infinity,
      stamp: 0,
      viewSeen: new Float64Array(0),
      clickSeen: new Float64Array(0),
      pairSeen: new Float64Array(0),
    },
  };
  count(summary, events, events.firstAtOrAfter(range.start));
  return summary;
}

/**
 * Brings a pass up to the events' current version by counting the events added since, when no
 * event moved meanwhile (an event placed among earlier ones, events dropped): an event arriving
 * then costs a pass over the new events only. False when the pass must be taken afresh.
 */
export function extendSummary(summary: Summary, events: ProfileEvents): boolean {
  if (events.movedAt > summary.pass.version) return false;
  count(summary, events, Math.max(summary.pass.end, events.firstAtOrAfter(summary.pass.range.start)));
  return true;
}

/** An array at least `size` long, holding the old one's counts. */
function atLeast<T extends Int32Array | Float64Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const grown = new (array.constructor as new (length: number) => T)(size);
  grown.set(array);
  return grown;
}

/** Counts the events from index `start` to the range's end into the summary. */
function count(summary: Summary, events: ProfileEvents, start: number): void {
  const { pass } = summary;
  const { range, selection } = pass;
  // Dictionaries and days only grow: the counters and stamps grow with them.
  const linkCount = events.links.values.length;
  summary.linkViews = atLeast(summary.linkViews, linkCount);
  summary.linkClicks = atLeast(summary.linkClicks, linkCount);
  summary.linkClickers = atLeast(summary.linkClickers, linkCount);
  if (summary.detailed) {
    summary.traitViews = events.dictionaries.map((d, t) => atLeast(summary.traitViews[t] ?? new Int32Array(0), d.values.length));
    summary.traitClicks = events.dictionaries.map((d, t) => atLeast(summary.traitClicks[t] ?? new Int32Array(0), d.values.length));
  }
  pass.viewSeen = atLeast(pass.viewSeen, events.maxDayVisitors);
  pass.clickSeen = atLeast(pass.clickSeen, events.maxDayVisitors);
  pass.pairSeen = atLeast(pass.pairSeen, events.maxDayPairs);
  const end = events.firstAtOrAfter(range.end);
  pass.version = events.version;
  pass.end = end;

  const onlyLink = selection.linkId === undefined ? -1 : events.links.values.indexOf(selection.linkId);
  if (selection.linkId !== undefined && onlyLink < 0) return;
  const { filterColumns, filterTables } = filterTablesOf(events, selection);
  const filterCount = filterColumns.length;

  // Counters in locals and per-kind arrays ([views, clicks]), so the loop touches no object fields.
  const { viewSeen, clickSeen, pairSeen } = pass;
  const { at, type, link, visitor, pair, traits } = events;
  const traitCount = summary.detailed ? TRAITS.length : 0;
  const traitCounts = [summary.traitViews, summary.traitClicks];
  const linkCounts = [summary.linkViews, summary.linkClicks];
  const slotCounts = [summary.slotViews, summary.slotClicks];
  const firstSlot = summary.firstSlot;
  const linkClickers = summary.linkClickers;
  let { views, clicks, visitors, clickers } = summary;
  let { nextDay, stamp } = pass;
  events: for (let i = start; i < end; i += 1) {
    const kind = type[i]!;
    if (onlyLink >= 0 && (kind !== CLICK || link[i] !== onlyLink)) continue;
    for (let f = 0; f < filterCount; f += 1) if (filterTables[f]![filterColumns[f]![i]!] === 0) continue events;

    const time = at[i]!;
    if (time >= nextDay) {
      const day = Math.floor(time / DAY_MS);
      nextDay = (day + 1) * DAY_MS;
      stamp = day + 1;
    }
    const l = link[i]!;
    linkCounts[kind]![l]! += 1;
    slotCounts[kind]![Math.floor(time / SLOT_MS) - firstSlot]! += 1;
    const counts = traitCounts[kind]!;
    for (let t = 0; t < traitCount; t += 1) counts[t]![traits[t]![i]!]! += 1;
    const v = visitor[i]!;
    if (kind === CLICK) {
      clicks += 1;
      if (clickSeen[v] !== stamp) {
        clickSeen[v] = stamp;
        clickers += 1;
      }
      const p = pair[i]!;
      if (pairSeen[p] !== stamp) {
        pairSeen[p] = stamp;
        linkClickers[l]! += 1;
      }
    } else {
      views += 1;
      if (viewSeen[v] !== stamp) {
        viewSeen[v] = stamp;
        visitors += 1;
      }
    }
  }
  Object.assign(summary, { views, clicks, visitors, clickers });
  Object.assign(pass, { nextDay, stamp });
}

/** Views and clicks per stored value of a trait (values with neither left out). */
export function byTrait(events: ProfileEvents, summary: Summary, trait: Trait): { key: string; views: number; clicks: number }[] {
  const t = TRAITS.indexOf(trait);
  const views = summary.traitViews[t]!;
  const clicks = summary.traitClicks[t]!;
  const values = events.dictionaries[t]!.values;
  const groups: { key: string; views: number; clicks: number }[] = [];
  for (let code = 0; code < views.length; code += 1) {
    if (views[code] || clicks[code]) groups.push({ key: values[code]!, views: views[code]!, clicks: clicks[code]! });
  }
  return groups;
}

/** Views (under "") and clicks with unique clickers per link id. */
export function byLink(events: ProfileEvents, summary: Summary): { key: string; views: number; clicks: number; clickers: number }[] {
  const groups: { key: string; views: number; clicks: number; clickers: number }[] = [];
  events.links.values.forEach((key, code) => {
    const views = summary.linkViews[code]!;
    const clicks = summary.linkClicks[code]!;
    if (views || clicks) groups.push({ key, views, clicks, clickers: summary.linkClickers[code]! });
  });
  return groups;
}

/** The non-empty 15-minute slots in time order. */
export function slotsOf(summary: Summary): SlotCount[] {
  const slots: SlotCount[] = [];
  for (let i = 0; i < summary.slotViews.length; i += 1) {
    const views = summary.slotViews[i]!;
    const clicks = summary.slotClicks[i]!;
    if (views || clicks) slots.push({ slot: summary.firstSlot + i, views, clicks });
  }
  return slots;
}
