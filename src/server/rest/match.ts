import type { HttpMethod } from "@/lib/openapi/operations";
import { operations } from "./operations";

/** Path templates of the calls Next serves, each with its methods ("/links/{id}/" → GET, PATCH, DELETE). */
interface Template {
  segments: { literal?: string; param?: string }[];
  methods: Map<HttpMethod, string>;
}

export interface Match {
  template: Template;
  params: Record<string, string>;
}

const templates: Template[] = [];
for (const [id, operation] of Object.entries(operations)) {
  if (operation.servedBy) continue;
  const segments = operation.path
    .split("/")
    .filter(Boolean)
    .map((segment) => (/^\{(\w+)\}$/.test(segment) ? { param: segment.slice(1, -1) } : { literal: segment }));
  const key = segments.map((segment) => segment.literal ?? "{}").join("/");
  let template = templates.find((candidate) => candidate.segments.map((s) => s.literal ?? "{}").join("/") === key);
  if (!template) templates.push((template = { segments, methods: new Map() }));
  template.methods.set(operation.method, id);
}

/** Literal segments win over parameters, earlier ones first: /profiles/me/ before /profiles/{slug}/. */
function specificity(template: Template): string {
  return template.segments.map((segment) => (segment.literal ? "1" : "0")).join("");
}
templates.sort((a, b) => specificity(b).localeCompare(specificity(a)));

/** The template a path (below the API root, slashes trimmed) addresses, or null. */
export function matchPath(segments: string[]): Match | null {
  for (const template of templates) {
    if (template.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = template.segments.every((segment, index) => {
      const value = segments[index]!;
      if (segment.literal) return segment.literal === value;
      params[segment.param!] = value;
      return value.length > 0;
    });
    if (fits) return { template, params };
  }
  return null;
}

export function allowedMethods(template: Template): string[] {
  const methods: string[] = [...template.methods.keys()];
  if (methods.includes("GET")) methods.push("HEAD");
  return [...methods, "OPTIONS"];
}
