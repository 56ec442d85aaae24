import { pathParams } from "@/lib/openapi/operations";
import { restExceptions, type HandlerArgs } from "./exceptions";
import { restOperations, type RestOperation } from "./operations";

export type { HandlerArgs };

/**
 * The route table: for every call Next serves, how it runs. A call runs its procedure with the
 * path parameters, else the body, else the query as input, and answers the procedure's output
 * (already checked by its `.output()` schema); the calls that differ are in ./exceptions.ts.
 */

type Procedure = (input: unknown) => Promise<unknown>;

function derivedHandler({ spec, procedure }: RestOperation & { procedure: string }) {
  const [router, name] = procedure.split(".") as [string, string];
  const hasParams = pathParams(spec.path).length > 0;
  return ({ caller, params, body, query }: HandlerArgs) => {
    const call = (caller as unknown as Record<string, Record<string, Procedure>>)[router]![name]!;
    return call(hasParams ? params : spec.body ? body : spec.query ? query : undefined);
  };
}

export const handlers: Record<string, (args: HandlerArgs) => Promise<unknown>> = Object.fromEntries(
  Object.entries(restOperations).flatMap(([id, operation]) => {
    if (!operation.procedure) return [];
    return [[id, restExceptions[id]?.handle ?? derivedHandler({ ...operation, procedure: operation.procedure })]];
  }),
);
