import { describe, expect, it } from "vitest";
import {
  hasPrototypeKey,
  JSON_TOO_DEEP_MESSAGE,
  JSON_TOO_WIDE_MESSAGE,
  JsonShapeMeter,
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  nulBytePath,
} from "./hostile-input";

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
const arrayOf = (count: number) => `[${Array.from({ length: count }, () => "1").join(",")}]`;

describe("jsonShapeProblem", () => {
  it.each([
    ["arrays at the depth limit", nested(MAX_JSON_DEPTH), null],
    ["arrays one level deeper", nested(MAX_JSON_DEPTH + 1), JSON_TOO_DEEP_MESSAGE],
    ["objects at the depth limit", nestedObjects(MAX_JSON_DEPTH), null],
    ["objects one level deeper", nestedObjects(MAX_JSON_DEPTH + 1), JSON_TOO_DEEP_MESSAGE],
    ["10,000 levels (the probe's 500)", nested(10_000), JSON_TOO_DEEP_MESSAGE],
    ["brackets inside strings", JSON.stringify({ text: "[".repeat(500) + '\\"{{{' }), null],
    ["an escaped quote does not end a string", `["\\"${"[".repeat(100)}"]`, null],
    ["values at the limit (the array counts as one)", arrayOf(MAX_JSON_VALUES - 1), null],
    ["one value more", arrayOf(MAX_JSON_VALUES), JSON_TOO_WIDE_MESSAGE],
    ["keys are not values", `{${Array.from({ length: MAX_JSON_VALUES - 1 }, (_, i) => `"k${i}":1`).join(",")}}`, null],
    ["strings count as values", `[${Array.from({ length: MAX_JSON_VALUES }, () => '"x"').join(",")}]`, JSON_TOO_WIDE_MESSAGE],
    ["a tRPC batch body", JSON.stringify({ 0: { json: { email: "a@b.c", password: "[[[[" } } }), null],
  ])("%s", (_name, text, expected) => {
    expect(jsonShapeProblem(text)).toBe(expected);
  });

  it("stops reading at the first byte past the depth limit, so refusing costs no more than that", () => {
    const meter = new JsonShapeMeter();
    const calls: number[] = [];
    const bytes = new TextEncoder().encode(nested(1_000_000));
    const proxy = new Proxy(bytes, {
      get(target, key) {
        if (typeof key === "string" && /^\d+$/.test(key)) calls.push(Number(key));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    expect(meter.write(proxy)).toBe(JSON_TOO_DEEP_MESSAGE);
    expect(calls.length).toBe(MAX_JSON_DEPTH + 1);
  });

  it("gives the same answer however the bytes are split", () => {
    const text = new TextEncoder().encode(JSON.stringify({ a: ['é\\"[', { b: [1, 2, { c: "}" }] }] }) + nested(MAX_JSON_DEPTH));
    for (let size = 1; size < 8; size++) {
      const meter = new JsonShapeMeter(MAX_JSON_DEPTH, 30);
      let problem: string | null = null;
      for (let start = 0; start < text.length; start += size) problem = meter.write(text.subarray(start, start + size));
      expect(problem).toBe(JSON_TOO_WIDE_MESSAGE);
    }
  });
});

describe("walks over parsed input", () => {
  it("find a NUL character and name its path, without recursion", () => {
    expect(nulBytePath({ a: [{ b: "x" }, { c: "y\u0000" }] })).toBe("a.1.c");
    expect(nulBytePath({ "k\u0000": 1 })).toBe("");
    expect(nulBytePath({ a: "fine" })).toBeNull();
  });

  it("find a __proto__ key at any depth they look at", () => {
    expect(hasPrototypeKey(JSON.parse('{"a":[{"__proto__":{"x":1}}]}'))).toBe(true);
    expect(hasPrototypeKey({ a: [1, { b: 2 }] })).toBe(false);
  });

  it("do not overflow the stack on a value built deeper than the limit", () => {
    let deep: unknown = "\u0000";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(() => nulBytePath(deep)).not.toThrow();
    expect(() => hasPrototypeKey(deep)).not.toThrow();
  });
});
