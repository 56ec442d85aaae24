// The pages a subscriber's email links open (docs/product/audience.md#links-in-the-messages):
// GET shows what the link does, one button (POST to the same address) does it, so a mail scanner
// opening the link changes nothing. Mail clients' one-click unsubscribe POSTs here too (RFC 8058).
import type { IncomingMessage, ServerResponse } from "node:http";
import { getDatabase } from "@/server/db/client";
import { confirmState, confirmSubscription, type ConfirmState } from "@/server/services/audience/confirm";
import { unsubscribeUrl } from "@/server/services/audience/links";
import { unsubscribeState, unsubscribeSubscriber } from "@/server/services/audience/unsubscribe";
import { subscriptionPagePolicy } from "./content-security";
import { renderSubscriptionDocument, type SubscriptionPage } from "./subscription-document";

function send(request: IncomingMessage, response: ServerResponse, status: number, page: SubscriptionPage, formAction?: string): void {
  const html = renderSubscriptionDocument(page, formAction);
  response
    .writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-robots-tag": "noindex, nofollow",
      "referrer-policy": "no-referrer",
      "content-security-policy": subscriptionPagePolicy(html),
    })
    .end(request.method === "HEAD" ? undefined : html);
}

const INVALID: SubscriptionPage = {
  title: "This link does not work",
  text: "It may be incomplete, or it was replaced by a newer one. Open the link in the latest email, or sign up again on the page.",
};

function confirmPage(state: ConfirmState): SubscriptionPage {
  if (state.state === "invalid") return INVALID;
  const unsubscribe = { label: "Unsubscribe", href: unsubscribeUrl(state.subscriberId) };
  const back = { label: `Visit ${state.name}'s page`, href: state.pageUrl };
  switch (state.state) {
    case "pending":
      return {
        title: `Confirm your subscription to ${state.name}`,
        text: `You will receive emails from ${state.name}. You can unsubscribe anytime.`,
        button: "Confirm subscription",
        links: [back, unsubscribe],
      };
    case "subscribed":
      return { title: "You're subscribed", text: `You will receive emails from ${state.name}.`, links: [back, unsubscribe] };
    case "expired":
      return {
        title: "This link has expired",
        text: "Confirmation links work for 7 days. Sign up again on the page to get a new one.",
        links: [back, unsubscribe],
      };
  }
}

async function serveConfirm(request: IncomingMessage, response: ServerResponse, token: string, action: string): Promise<void> {
  const db = getDatabase().prisma;
  const state = request.method === "POST" ? await confirmSubscription(db, token) : await confirmState(db, token);
  send(request, response, state.state === "invalid" ? 404 : 200, confirmPage(state), action);
}

async function serveUnsubscribe(request: IncomingMessage, response: ServerResponse, token: string, action: string): Promise<void> {
  const db = getDatabase().prisma;
  const state = await unsubscribeState(db, token);
  if (!state.valid) return send(request, response, 404, INVALID);
  const back = state.pageUrl ? [{ label: `Visit ${state.name}'s page`, href: state.pageUrl }] : [];
  const whose = state.name ? ` from ${state.name}` : "";
  if (request.method === "POST" || state.unsubscribed) {
    if (request.method === "POST") await unsubscribeSubscriber(db, token);
    return send(request, response, 200, {
      title: "You're unsubscribed",
      text: `You will not receive emails${whose} any more, unless you sign up again.`,
      links: back,
    });
  }
  send(
    request,
    response,
    200,
    { title: "Unsubscribe?", text: `Stop receiving emails${whose}.`, button: "Unsubscribe", links: back },
    action,
  );
}

/** GET or HEAD shows the page, POST does what its button says; other methods 405. */
export async function serveSubscriptionPage(
  request: IncomingMessage,
  response: ServerResponse,
  kind: "confirm" | "unsubscribe",
): Promise<void> {
  if (!["GET", "HEAD", "POST"].includes(request.method ?? "")) {
    response.writeHead(405, { allow: "GET, HEAD, POST", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed");
    return;
  }
  const url = new URL(request.url ?? "/", "http://localhost");
  const token = url.searchParams.get("token") ?? "";
  // The button posts back to this address, token included.
  const action = `${url.pathname}?${new URLSearchParams({ token }).toString()}`;
  request.resume();
  return kind === "confirm" ? serveConfirm(request, response, token, action) : serveUnsubscribe(request, response, token, action);
}
