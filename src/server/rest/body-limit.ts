import { DEFAULT_BODY_LIMIT, type HttpMethod } from "@/lib/openapi/operations";
import { matchPath } from "./match";
import { operations } from "./operations";

/** The most bytes a REST call may send, as its procedure's meta documents it (`segments`: the path below the API root). */
export function restBodyLimit(method: string, segments: string[]): number {
  const id = matchPath(segments)?.template.methods.get(method as HttpMethod);
  return (id ? operations[id]?.maxBodyBytes : undefined) ?? DEFAULT_BODY_LIMIT;
}
