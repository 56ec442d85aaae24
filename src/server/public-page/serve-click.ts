import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import { clickInput } from "@/lib/openapi/schemas";
import { corsHeaders, nodeHeaders, preflightHeaders } from "@/server/rest/cors";
import { utmOfPage } from "@/server/services/analytics/arrival";
import { recordClick } from "@/server/services/analytics/ingest";
import { limitMessage, takeAttempt } from "@/server/services/rate-limit/limits";
import { json } from "./answers";
import { CLICK_BODY_LIMIT } from "./routes";
import { carriesCredentials, viewerId } from "./viewer";
import { clientAddress, visitOf } from "./visit";
import { visitorPage, type PageSite } from "./visitor-page";

/** The small beacon body, or null past the limit; plain events, since this runs per click. */
function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= CLICK_BODY_LIMIT) chunks.push(chunk);
    });
    request.on("end", () => resolve(size > CLICK_BODY_LIMIT ? null : Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const CLICK_ALLOW = "POST, OPTIONS";

/**
 * POST /links/{id}/click/: answered only after the batch holding the click is committed. Browsers
 * on the origins in CORS_ORIGINS may call it too (a JSON beacon needs a preflight), as the REST API allows.
 */
export async function serveClick(
  request: IncomingMessage,
  response: ServerResponse,
  linkId: string,
  site?: PageSite,
  slug?: string,
): Promise<void> {
  const headers = nodeHeaders(request.headers);
  if (request.method === "OPTIONS") {
    response.writeHead(204, { allow: CLICK_ALLOW, ...preflightHeaders(headers, ["POST"]) }).end();
    return;
  }
  if (headers.get("origin")) {
    for (const [name, value] of Object.entries(corsHeaders(headers))) response.setHeader(name, value);
  }
  if (request.method !== "POST") {
    response.setHeader("allow", CLICK_ALLOW);
    return json(response, 405, { detail: `Method "${request.method}" not allowed.`, code: "method_not_allowed" });
  }
  const retryAfterSeconds = await takeAttempt("click", clientAddress(request));
  if (retryAfterSeconds > 0) {
    response.setHeader("retry-after", String(retryAfterSeconds));
    return json(response, 429, { detail: limitMessage("click", retryAfterSeconds), code: "rate_limited" });
  }
  const body = await readBody(request);
  if (body === null) return json(response, 413, { detail: "Request body is too large.", code: "payload_too_large" });
  const click = parseClickBody(body);
  if ("detail" in click) return json(response, 400, click);
  // On a custom domain only the links its page shows are clicked, and the app's cookies are never read.
  if (site && slug && !(await visitorPage(slug, site)).html.includes(`data-link-id="${linkId}"`)) {
    return json(response, 404, { detail: "Link not found", code: "not_found" });
  }
  const viewer = !site && carriesCredentials(request) ? await viewerId(request) : null;
  // The beacon sends where the visitor came from and the page's address, whose utm_* the visitor
  // arrived with (an older script sent only the page's address, as referrer).
  const arrival = { viaQrCode: click.qr === true, utm: utmOfPage(click.page ?? click.referrer ?? null) };
  const { recorded, found } = await recordClick(linkId, visitOf(request, viewer, click.referrer || null, arrival));
  if (!found) return json(response, 404, { detail: "Link not found", code: "not_found" });
  response.writeHead(204, { "x-click-recorded": String(recorded) }).end();
}

/** The beacon body (empty when the body is), or the 400 answer's body: detail and each invalid field's messages. */
function parseClickBody(
  body: string,
): z.infer<typeof clickInput> | ({ detail: string; code: "validation_error" } & Record<string, string | string[]>) {
  if (!body.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { detail: "Request body must be JSON.", code: "validation_error" };
  }
  const result = clickInput.safeParse(parsed);
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) if (typeof issue.path[0] === "string") (fields[issue.path[0]] ??= []).push(issue.message);
  return { ...fields, detail: result.error.issues[0]?.message ?? "Invalid input", code: "validation_error" };
}
