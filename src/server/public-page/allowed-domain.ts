import type { IncomingMessage, ServerResponse } from "node:http";
import { normalizeDomain } from "@/lib/domains/normalize-domain";
import { servedDomain } from "@/server/services/domains/served-domains";

const ALLOW = "GET, HEAD";

function json(request: IncomingMessage, response: ServerResponse, status: number, body: Record<string, unknown>, headers = {}): void {
  response
    .writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers })
    .end(request.method === "HEAD" ? undefined : JSON.stringify(body));
}

/**
 * GET /api/v1/domains/allowed/?domain=<host>: 200 when the host is an active custom domain, 404
 * otherwise, 400 when it is no domain at all. Caddy asks this before every on-demand certificate,
 * so it is answered from the in-memory set without touching the database.
 */
export function answerAllowedDomain(request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return json(
      request,
      response,
      405,
      { detail: `Method "${request.method}" not allowed.`, code: "method_not_allowed" },
      { allow: ALLOW },
    );
  }
  const query = new URLSearchParams((request.url ?? "").split("?")[1] ?? "");
  const unknown = [...query.keys()].find((key) => key !== "domain");
  if (unknown !== undefined) {
    const message = `Unknown query parameter: ${unknown}`;
    return json(request, response, 400, { detail: message, code: "validation_error", [unknown]: [message] });
  }
  const values = query.getAll("domain");
  const checked = values.length === 1 ? normalizeDomain(values[0]!) : { error: "Give one domain: ?domain=links.example.com" };
  if ("error" in checked) return json(request, response, 400, { detail: checked.error, code: "validation_error", domain: [checked.error] });
  if (!servedDomain(checked.domain)) return json(request, response, 404, { detail: "Not an active custom domain.", code: "not_found" });
  json(request, response, 200, { domain: checked.domain });
}
