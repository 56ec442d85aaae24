import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { handlers } from "@/server/rest/routes";
import { buildOpenApiDocument } from "./document";
import { operations } from "./operations";

describe("the OpenAPI document", () => {
  const document = buildOpenApiDocument();

  it("describes every operation, and every operation Next serves has a handler", () => {
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => (op as { operationId: string }).operationId));
    expect(ids.sort()).toEqual(Object.keys(operations).sort());
    const served = Object.entries(operations).filter(([, op]) => !("servedBy" in op)).map(([id]) => id);
    expect(Object.keys(handlers).sort()).toEqual(served.sort());
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
      const responses = (document.paths[operation.path] as Record<string, { responses: Record<string, unknown> }>)[operation.method.toLowerCase()]!.responses;
      if (operation.auth === "bearer") expect(responses, id).toHaveProperty("401");
      if ("body" in operation) expect(Object.keys(responses), id).toEqual(expect.arrayContaining(["400", "413"]));
    }
  });
});
