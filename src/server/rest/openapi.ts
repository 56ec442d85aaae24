import { openApiDocumentOf } from "@/lib/openapi/document";
import { operations, requestSchemas, responseSchemas } from "./operations";

/** The OpenAPI document of the REST API as the router declares it. */
export function buildOpenApiDocument() {
  return openApiDocumentOf({ operations, requestSchemas, responseSchemas });
}

let cached: string | undefined;
/** The document as JSON text, built once per process. */
export function openApiJson(): string {
  return (cached ??= JSON.stringify(buildOpenApiDocument()));
}
