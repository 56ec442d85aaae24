/** What no input may hold (README "Input rules"). PostgreSQL text cannot hold U+0000. */
export const NUL_BYTE_MESSAGE = "Text must not contain NUL (\\u0000) characters";

/**
 * Where the first NUL character sits in a parsed input: the dotted path of the string or key
 * that holds it ("" for the input itself), or null when there is none.
 */
export function nulBytePath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (value === null || typeof value !== "object") return null;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (key.includes("\u0000")) return path.join(".");
    const found = nulBytePath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** Whether a parsed JSON value holds an own "__proto__" key anywhere (JSON.parse keeps it as a plain key). */
export function hasPrototypeKey(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Object.prototype.hasOwnProperty.call(value, "__proto__")) return true;
  return Object.values(value).some(hasPrototypeKey);
}
