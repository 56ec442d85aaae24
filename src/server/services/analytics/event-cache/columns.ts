// One profile's retained raw events as typed-array columns in time order, for Insights' filtered
// answers (summary.ts scans them). Text values are dictionary codes; a visitor is its index among
// the visitor hashes of its UTC day (a hash lives one UTC day), so distinct counts need no strings.
import { DAY_MS } from "../periods";

/** The traits a filter or breakdown reads, in column order. */
export const TRAITS = ["country", "device", "browser", "os", "referrer", "utm_source", "utm_medium", "utm_campaign"] as const;
export type Trait = (typeof TRAITS)[number];

export const VIEW = 0;
export const CLICK = 1;

/** An event as the database gives it (times in epoch milliseconds). */
export interface EventRow {
  type: "view" | "click";
  link_id: string | null;
  at: number;
  traits: string[];
  visitor_hash: string;
}

/** Events as columns of equal length, in time order: "c" or "v" per event, "" for no link. */
export interface EventColumns {
  at: number[];
  clicks: string;
  links: string[];
  traits: string[][];
  visitors: string[];
}

export class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }

  /** Rough heap bytes: the strings and the map entries. */
  bytes(): number {
    let chars = 0;
    for (const value of this.values) chars += value.length;
    return chars * 2 + this.values.length * 80;
  }
}

/** The visitor and (link, visitor) dictionaries of a UTC day that can still get events. */
interface OpenDay {
  visitors: Map<string, number>;
  pairs: Map<string, number>;
}

const BYTES_PER_EVENT = 8 + 1 + 4 + TRAITS.length * 4 + 4 + 4;

// Small to begin with: most profiles read in Insights hold few events, and the columns double as they fill.
const INITIAL_ROWS = 64;

export class ProfileEvents {
  length = 0;
  at = new Float64Array(INITIAL_ROWS);
  type = new Uint8Array(INITIAL_ROWS);
  /** Code in `links`; 0 is "" (page views). */
  link = new Uint32Array(INITIAL_ROWS);
  traits = TRAITS.map(() => new Uint32Array(INITIAL_ROWS));
  /** Index of the visitor among its UTC day's visitors. */
  visitor = new Uint32Array(INITIAL_ROWS);
  /** Clicks: index of the (link, visitor) pair among its UTC day's pairs. */
  pair = new Uint32Array(INITIAL_ROWS);

  readonly links = new Dictionary();
  readonly dictionaries = TRAITS.map(() => new Dictionary());
  /** Most visitors and pairs of any one UTC day: the size of a scan's distinct-count stamps. */
  maxDayVisitors = 0;
  maxDayPairs = 0;
  /** Bumped on every change, so answers computed from an older state are not reused. */
  version = 0;
  /**
   * The version of the last change that moved events (an event placed before others, events
   * dropped): a pass taken since then can go on over the events added after it (summary.ts).
   */
  movedAt = 0;

  private readonly openDays = new Map<number, OpenDay>();
  /** UTC days (numbered from the epoch) before this one have no dictionaries left. */
  private closedBefore = -Infinity;

  constructor() {
    this.links.code("");
  }

  /**
   * Adds an event at its place in time order. False when its UTC day's dictionaries were already
   * let go (an event written for a past day): the caller then loads the profile afresh.
   */
  add(row: EventRow): boolean {
    const day = Math.floor(row.at / DAY_MS);
    if (day < this.closedBefore) return false;
    const index = this.insert(row.at, row.type === "click", this.links.code(row.link_id ?? ""), this.openDay(day), row.visitor_hash);
    row.traits.forEach((value, t) => (this.traits[t]![index] = this.dictionaries[t]!.code(value)));
    return true;
  }

  /**
   * Adds a loaded chunk of events given as columns in time order, closing each UTC day once the
   * chunk has passed it (yesterday's at the latest). False, adding nothing, when it starts before
   * a day already closed.
   */
  addColumns(chunk: EventColumns, lastOpenDay: number): boolean {
    if (chunk.at.length === 0) return true;
    if (Math.floor(chunk.at[0]! / DAY_MS) < this.closedBefore) return false;
    const traits = chunk.traits.map((values, t) => {
      const codes = new Uint32Array(values.length);
      for (let i = 0; i < values.length; i += 1) codes[i] = this.dictionaries[t]!.code(values[i]!);
      return codes;
    });
    let open: OpenDay | null = null;
    let openDay = NaN;
    for (let i = 0; i < chunk.at.length; i += 1) {
      const at = chunk.at[i]!;
      const day = Math.floor(at / DAY_MS);
      if (day !== openDay) {
        this.closeDaysBefore(Math.min(day, lastOpenDay));
        open = this.openDay(day);
        openDay = day;
      }
      const index = this.insert(at, chunk.clicks[i] === "c", this.links.code(chunk.links[i]!), open!, chunk.visitors[i]!);
      for (let t = 0; t < TRAITS.length; t += 1) this.traits[t]![index] = traits[t]![i]!;
    }
    return true;
  }

  private openDay(day: number): OpenDay {
    let open = this.openDays.get(day);
    if (!open) {
      open = { visitors: new Map(), pairs: new Map() };
      this.openDays.set(day, open);
    }
    return open;
  }

  /** Places an event but for its traits, which the caller writes at the index returned. */
  private insert(at: number, isClick: boolean, link: number, open: OpenDay, visitorHash: string): number {
    let visitor = open.visitors.get(visitorHash);
    if (visitor === undefined) {
      visitor = open.visitors.size;
      open.visitors.set(visitorHash, visitor);
      this.maxDayVisitors = Math.max(this.maxDayVisitors, open.visitors.size);
    }
    let pair = 0;
    if (isClick) {
      const key = `${link}:${visitor}`;
      const known = open.pairs.get(key);
      pair = known ?? open.pairs.size;
      if (known === undefined) {
        open.pairs.set(key, pair);
        this.maxDayPairs = Math.max(this.maxDayPairs, open.pairs.size);
      }
    }

    const index = this.placeFor(at);
    this.at[index] = at;
    this.type[index] = isClick ? CLICK : VIEW;
    this.link[index] = link;
    this.visitor[index] = visitor;
    this.pair[index] = pair;
    this.version += 1;
    return index;
  }

  /** Lets go of the dictionaries of UTC days before `day`; events can no longer be added to them. */
  closeDaysBefore(day: number): void {
    if (day <= this.closedBefore) return;
    this.closedBefore = day;
    for (const open of this.openDays.keys()) if (open < day) this.openDays.delete(open);
  }

  /** Drops the events before an instant (their partitions were dropped by retention). */
  dropBefore(instant: number): void {
    const count = this.firstAtOrAfter(instant);
    if (count === 0) return;
    for (const column of this.columns()) column.copyWithin(0, count, this.length);
    this.length -= count;
    this.version += 1;
    this.movedAt = this.version;
  }

  /**
   * From which instant every event of the profile is held: retention drops whole UTC months, so
   * none is missing from the oldest held event's month on. Infinity when none is held.
   */
  heldFrom(): number {
    if (this.length === 0) return Infinity;
    const oldest = new Date(this.at[0]!);
    return Date.UTC(oldest.getUTCFullYear(), oldest.getUTCMonth(), 1);
  }

  /** The index of the first event at or after an instant. */
  firstAtOrAfter(instant: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.at[middle]! < instant) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  bytes(): number {
    let dictionaries = this.links.bytes();
    for (const dictionary of this.dictionaries) dictionaries += dictionary.bytes();
    let open = 0;
    for (const day of this.openDays.values()) open += (day.visitors.size + day.pairs.size) * 150;
    return this.at.length * BYTES_PER_EVENT + dictionaries + open;
  }

  private columns() {
    return [this.at, this.type, this.link, ...this.traits, this.visitor, this.pair];
  }

  /** Makes room for an event at `at` after the events at or before it, and returns its index. */
  private placeFor(at: number): number {
    if (this.length === this.at.length) this.grow();
    let index = this.length;
    if (index > 0 && this.at[index - 1]! > at) {
      let low = 0;
      let high = index;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.at[middle]! <= at) low = middle + 1;
        else high = middle;
      }
      index = low;
      for (const column of this.columns()) column.copyWithin(index + 1, index, this.length);
      this.movedAt = this.version + 1;
    }
    this.length += 1;
    return index;
  }

  private grow(): void {
    const size = this.at.length * 2;
    const grown = <T extends Float64Array | Uint8Array | Uint32Array>(column: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(column);
      return next;
    };
    this.at = grown(this.at, (n) => new Float64Array(n));
    this.type = grown(this.type, (n) => new Uint8Array(n));
    this.link = grown(this.link, (n) => new Uint32Array(n));
    this.traits = this.traits.map((column) => grown(column, (n) => new Uint32Array(n)));
    this.visitor = grown(this.visitor, (n) => new Uint32Array(n));
    this.pair = grown(this.pair, (n) => new Uint32Array(n));
  }
}
