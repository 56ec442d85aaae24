/** What no input may hold (docs/accounts.md#input-rules). PostgreSQL text cannot hold U+0000. */
export const NUL_BYTE_MESSAGE = "Text must not contain NUL (\\u0000) characters";

/** The deepest nesting of arrays and objects a JSON input may have (docs/accounts.md#input-rules). */
export const MAX_JSON_DEPTH = 32;
/** The most values (strings, numbers, literals, arrays, objects; keys not counted) a JSON input may hold. */
export const MAX_JSON_VALUES = 10_000;

export const JSON_TOO_DEEP_MESSAGE = `JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
export const JSON_TOO_WIDE_MESSAGE = `JSON holds too many values (at most ${MAX_JSON_VALUES})`;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * Measures the shape of JSON text as it streams in, one pass over the bytes with constant state:
 * nesting depth and a count of values, outside strings. It does not validate the JSON (the parser
 * that runs later does); it only says, before anything parses or walks the text, that it is too
 * deep or too wide. Works on UTF-8 bytes, so chunks may split characters anywhere.
 */
export class JsonShapeMeter {
  private depth = 0;
  private values = 0;
  private inString = false;
  private escaped = false;
  /** Whether the last structural byte was one after which a value starts: start, `[`, `:`, `,`. */
  private expectingValue = true;
  /** Inside a bare value (number or literal), so its later bytes do not count again. */
  private inBareValue = false;
  private problem: string | null = null;
  /** Whether each open container is an object (1) or an array (0); bounded by the depth limit. */
  private readonly objects: Uint8Array;

  constructor(
    private readonly maxDepth = MAX_JSON_DEPTH,
    private readonly maxValues = MAX_JSON_VALUES,
  ) {
    this.objects = new Uint8Array(maxDepth + 2);
  }

  /** Feeds the next bytes; returns the problem found so far (and keeps returning it), or null. */
  write(chunk: Uint8Array): string | null {
    if (this.problem) return this.problem;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
        continue;
      }
      if (byte === QUOTE) {
        // A key's string is not a value: keys come right after `{` or `,` inside an object.
        if (this.expectingValue) this.countValue();
        this.inString = true;
        this.inBareValue = false;
        this.expectingValue = false;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        this.countValue();
        this.depth++;
        if (this.depth > this.maxDepth) this.problem = JSON_TOO_DEEP_MESSAGE;
        else this.objects[this.depth] = byte === OPEN_BRACE ? 1 : 0;
        this.inBareValue = false;
        // After `{` a key comes (not counted); after `[` a value.
        this.expectingValue = byte === OPEN_BRACKET;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        if (this.depth > 0) this.depth--;
        this.inBareValue = false;
        this.expectingValue = false;
      } else if (byte === COLON) {
        this.inBareValue = false;
        this.expectingValue = true;
      } else if (byte === COMMA) {
        this.inBareValue = false;
        // Inside an object a key follows, which is not a value; inside an array a value follows.
        this.expectingValue = this.objects[this.depth] !== 1;
      } else if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
        this.inBareValue = false;
      } else if (!this.inBareValue) {
        this.inBareValue = true;
        this.countValue();
        this.expectingValue = false;
      }
      if (this.problem) return this.problem;
    }
    return null;
  }

  private countValue(): void {
    this.values++;
    if (this.values > this.maxValues) this.problem = JSON_TOO_WIDE_MESSAGE;
  }
}

const encoder = new TextEncoder();

/** Why JSON text is refused before parsing (too deep or too many values), or null when its shape is fine. */
export function jsonShapeProblem(text: string | Uint8Array): string | null {
  return new JsonShapeMeter().write(typeof text === "string" ? encoder.encode(text) : text);
}

interface Pending {
  value: unknown;
  path: string[];
  depth: number;
}

/**
 * Where the first NUL character sits in a parsed input: the dotted path of the string or key
 * that holds it ("" for the input itself), or null when there is none. Walks with its own stack,
 * depth-bounded: anything deeper than MAX_JSON_DEPTH was refused before parsing.
 */
export function nulBytePath(value: unknown): string | null {
  const stack: Pending[] = [{ value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) return path.join(".");
      continue;
    }
    if (current === null || typeof current !== "object" || depth > MAX_JSON_DEPTH) continue;
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item: unknown, index) => [String(index), item])
      : Object.entries(current as Record<string, unknown>);
    for (const [key] of entries) if (key.includes("\u0000")) return path.join(".");
    // Reversed so the first entry is examined first, as a reader of the input would expect.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      if (typeof item === "string" || (item !== null && typeof item === "object"))
        stack.push({ value: item, path: [...path, key], depth: depth + 1 });
    }
  }
  return null;
}

/** Whether a parsed JSON value holds an own "__proto__" key anywhere (JSON.parse keeps it as a plain key). */
export function hasPrototypeKey(value: unknown): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object" || depth > MAX_JSON_DEPTH) continue;
    if (Object.prototype.hasOwnProperty.call(current, "__proto__")) return true;
    for (const item of Object.values(current)) stack.push({ value: item, depth: depth + 1 });
  }
  return false;
}
