import { spawnSync } from "node:child_process";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { pathParams } from "@/lib/openapi/operations";
import { buildOpenApiDocument } from "./openapi";
import { operations, requestSchemas } from "./operations";
import { handlers } from "./routes";

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
};
type Json = { type?: string | string[]; maxLength?: number; properties?: Record<string, Json>; items?: Json; anyOf?: Json[] };

/** Every string maximum a zod schema enforces, by field path ("data.title", "link_ids[]"). */
function zodMaxima(schema: z.ZodType, path = ""): Record<string, number> {
  const def = schema._zod.def as unknown as Def;
  if (def.type === "string") {
    const max = def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
    return max === undefined ? {} : { [path]: max };
  }
  if (def.type === "object")
    return Object.assign({}, ...Object.entries(def.shape!).map(([key, inner]) => zodMaxima(inner, path ? `${path}.${key}` : key)));
  if (def.type === "array") return zodMaxima(def.element!, `${path}[]`);
  if (def.type === "union") return Object.assign({}, ...def.options!.map((option) => zodMaxima(option, path)));
  if (def.type === "pipe") return zodMaxima(def.in!, path);
  return def.innerType ? zodMaxima(def.innerType, path) : {};
}

/** Every maxLength a JSON Schema states, by the same field paths. */
function documentedMaxima(schema: Json, path = ""): Record<string, number> {
  const own = schema.maxLength === undefined ? {} : { [path]: schema.maxLength };
  const nested = [
    ...Object.entries(schema.properties ?? {}).map(([key, inner]) => documentedMaxima(inner, path ? `${path}.${key}` : key)),
    ...(schema.items ? [documentedMaxima(schema.items, `${path}[]`)] : []),
    ...(schema.anyOf ?? []).map((option) => documentedMaxima(option, path)),
  ];
  return Object.assign(own, ...nested);
}

/** Every `pattern` keyword anywhere in a JSON document. */
function patternsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => patternsIn(item, found));
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "pattern" && typeof inner === "string") found.add(inner);
      else patternsIn(inner, found);
    }
  }
  return found;
}

// Reads {patterns, samples} as JSON; prints each pattern's compile error (or null) and whether re.search finds each sample.
const PYTHON_RE = `
import json, re, sys
task = json.load(sys.stdin)
answers = []
for pattern in task["patterns"]:
    try:
        compiled = re.compile(pattern)
        answers.append({"error": None, "matches": [compiled.search(sample) is not None for sample in task["samples"]]})
    except re.error as error:
        answers.append({"error": str(error), "matches": []})
print(json.dumps(answers))
`;

/** Strings near every pattern's edges: Unicode digits and letters, display names, lists, quoting. */
const PATTERN_SAMPLES = [
  "someone@example.com",
  "First.Last+tag@Example.COM",
  "x<attacker@evil.test>",
  "a,b@c.d",
  '"a b"@example.com',
  "josé@example.com",
  "a@münchen.de",
  "2026-03-31",
  "٢٠٢٦-٠٣-٣١",
  "cmx02o5pc0004r37dvj4intmv",
  "my-name_1",
  "MY-NAME",
  "ǆ",
  "",
];

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument();

  it("describes every operation, and every operation Next serves has a handler", () => {
    const ids = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((op) => (op as { operationId: string }).operationId),
    );
    expect(ids.sort()).toEqual(Object.keys(operations).sort());
    const served = Object.entries(operations)
      .filter(([, op]) => !("servedBy" in op))
      .map(([id]) => id);
    expect(Object.keys(handlers).sort()).toEqual(served.sort());
  });

  it("holds patterns that compile, and mean the same, in JavaScript's u mode and Python's re", () => {
    const patterns = [...patternsIn(document)];
    expect(patterns.length).toBeGreaterThanOrEqual(4);
    const python = spawnSync("python3", ["-c", PYTHON_RE], {
      input: JSON.stringify({ patterns, samples: PATTERN_SAMPLES }),
      encoding: "utf8",
    });
    expect(python.status, python.stderr).toBe(0);
    const answers = JSON.parse(python.stdout) as { error: string | null; matches: boolean[] }[];
    patterns.forEach((pattern, index) => {
      expect(answers[index]!.error, `Python's re: ${pattern}`).toBeNull();
      const javascript = new RegExp(pattern, "u");
      expect(answers[index]!.matches, pattern).toEqual(PATTERN_SAMPLES.map((sample) => javascript.test(sample)));
    });
  });

  it("holds only valid JSON Schemas whose references all resolve", () => {
    const ajv = new Ajv2020({ strict: true });
    (addFormatsModule as unknown as (instance: Ajv2020) => void)(ajv);
    ajv.addKeyword("components");
    ajv.addSchema({ $id: "doc", components: document.components });
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => ajv.compile({ $ref: `doc#/components/schemas/${name}` }), name).not.toThrow();
    }
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((match) => match[1]!);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
  });

  it("documents 401 on every Bearer call and 400/413 on every call with a body", () => {
    for (const [id, operation] of Object.entries(operations)) {
      const responses = (document.paths[operation.path] as Record<string, { responses: Record<string, unknown> }>)[
        operation.method.toLowerCase()
      ]!.responses;
      if (operation.auth === "bearer") expect(responses, id).toHaveProperty("401");
      if ("body" in operation) expect(Object.keys(responses), id).toEqual(expect.arrayContaining(["400", "413"]));
    }
  });

  it("states every string maximum the zod schemas enforce, for bodies and path parameters", () => {
    const schemas = document.components.schemas as Record<string, Json>;
    let checked = 0;
    for (const [name, schema] of Object.entries(requestSchemas)) {
      const maxima = zodMaxima(schema as z.ZodType);
      checked += Object.keys(maxima).length;
      expect(documentedMaxima(schemas[name]!), name).toMatchObject(maxima);
    }
    // The walk reaches nested and wrapped strings (nullable, optional, transformed), not only top-level ones.
    expect(checked).toBeGreaterThan(60);
    const slug = (document.paths["/profiles/{slug}/"] as Record<string, { parameters: { schema: Json }[] }>).get!.parameters[0]!.schema;
    expect(slug.maxLength).toBe(100);
  });

  it("says which bodies refuse unknown fields, and every id parameter's format", () => {
    const schemas = document.components.schemas as Record<string, { additionalProperties?: unknown }>;
    for (const name of Object.keys(requestSchemas)) {
      expect(schemas[name]!.additionalProperties, name).toEqual(name === "ClickRequest" ? {} : false);
    }
    for (const [id, operation] of Object.entries(operations)) {
      if (!pathParams(operation.path).includes("id")) continue;
      const method = (
        document.paths[operation.path] as Record<
          string,
          { parameters: { name: string; schema: { pattern?: string } }[]; responses: object }
        >
      )[operation.method.toLowerCase()]!;
      expect(method.parameters.find((parameter) => parameter.name === "id")!.schema.pattern, id).toBe("^c[a-z0-9]{24}$");
      expect(method.responses, id).toHaveProperty("400");
    }
  });
});
