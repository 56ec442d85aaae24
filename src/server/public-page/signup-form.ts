// POST /u/{slug}/subscribe (and /subscribe on a custom domain): the sign-up block's form. Without
// script it answers a small page with a way back; the page's script sends the same form with
// `Accept: application/json` and shows the answer in place (docs/product/audience.md#the-sign-up-block).
import type { IncomingMessage, ServerResponse } from "node:http";
import { subscribeBody } from "@/lib/schemas/audience";
import { getDatabase } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { ServiceError } from "@/server/services/errors";
import { signUp } from "@/server/services/audience/subscribe";
import { pageAddressOf } from "@/server/services/share/page-address";
import { subscriptionPagePolicy } from "./content-security";
import { renderSubscriptionDocument, type SubscriptionPage } from "./subscription-document";

/** An email, the honeypot and, from the script, two addresses: a few hundred bytes. */
export const SIGNUP_BODY_LIMIT = 8 * 1024;

const SIGNUP_ALLOW = "POST";

function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= SIGNUP_BODY_LIMIT) chunks.push(chunk);
    });
    request.on("end", () => resolve(size > SIGNUP_BODY_LIMIT ? null : new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    request.on("error", reject);
  });
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
  page: SubscriptionPage;
  retryAfter?: number;
}

function write(request: IncomingMessage, response: ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = { "cache-control": "no-store", "x-content-type-options": "nosniff" };
  if (answer.retryAfter) headers["retry-after"] = String(answer.retryAfter);
  if (/application\/json/.test(request.headers.accept ?? "")) {
    response.writeHead(answer.status, { ...headers, "content-type": "application/json" }).end(JSON.stringify(answer.json));
    return;
  }
  const html = renderSubscriptionDocument(answer.page);
  response
    .writeHead(answer.status === 202 ? 200 : answer.status, {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": subscriptionPagePolicy(html),
      "referrer-policy": "no-referrer",
    })
    .end(html);
}

const text = (form: URLSearchParams, name: string) => form.get(name)?.slice(0, 2048) ?? null;

/** The form's answer for `slug`; `backTo` is the page's own address (on a custom domain, its root). */
export async function serveSignupForm(request: IncomingMessage, response: ServerResponse, slug: string, backTo?: string): Promise<void> {
  const back = [{ label: "Back to the page", href: backTo ?? pageAddressOf(slug) }];
  if (request.method !== "POST") {
    response.setHeader("allow", SIGNUP_ALLOW);
    return write(request, response, {
      status: 405,
      json: { detail: `Method "${request.method}" not allowed.`, code: "method_not_allowed" },
      page: { title: "Nothing to see here", text: "This address takes sign-ups from the page's form.", links: back },
    });
  }
  const form = await readForm(request);
  if (!form) {
    return write(request, response, {
      status: 413,
      json: { detail: "Request body is too large.", code: "payload_too_large" },
      page: { title: "Something went wrong", text: "The form sent too much. Please try again.", links: back },
    });
  }
  const parsed = subscribeBody.safeParse({ email: form.get("email") ?? "", website: form.get("website") ?? undefined });
  if (!parsed.success) {
    const detail = parsed.error.issues[0]?.message ?? "Please enter a valid email address";
    return write(request, response, {
      status: 400,
      json: { detail, code: "validation_error", email: [detail] },
      page: { title: "Please check your address", text: detail, links: [{ label: "Try again", href: back[0]!.href }] },
    });
  }
  try {
    const answer = await signUp(
      getDatabase().prisma,
      { slug, ...parsed.data },
      {
        ip: String(request.headers[CLIENT_IP_HEADER] ?? "") || null,
        userAgent: request.headers["user-agent"] ?? null,
        referrer: text(form, "referrer"),
        page: text(form, "page"),
        headers: request.headers,
      },
    );
    return write(request, response, {
      status: 202,
      json: { status: "pending" },
      page: { title: "Almost there", text: answer.successMessage, links: back },
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.code === "TOO_MANY_REQUESTS") {
      return write(request, response, {
        status: 429,
        retryAfter: error.details.retryAfterSeconds ?? 60,
        json: { detail: error.message, code: "rate_limited" },
        page: { title: "Too many sign-ups", text: error.message, links: back },
      });
    }
    if (error.code === "NOT_FOUND") {
      return write(request, response, {
        status: 404,
        json: { detail: error.message, code: "not_found" },
        page: { title: "No sign-ups here", text: error.message, links: back },
      });
    }
    throw error;
  }
}
