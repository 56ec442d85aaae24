import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import type { WebhookDeliveryType, WebhookEventType } from "@/lib/schemas/webhook";
import type { SqlTarget } from "@/server/db/sql-target";
import { onOtherThreadNotice, tellOtherThread } from "@/server/threads/bridge";

type Db = PrismaClient | Prisma.TransactionClient;

export interface WebhookEvent {
  userId: string;
  type: WebhookEventType;
  /** What the REST API answers for the record (its serializer's output), or a click's fields. */
  data: unknown;
}

/** A click that counted, as `link.clicked` carries it (docs/api.md#webhooks). */
export interface ClickEventData {
  link_id: string;
  profile_slug: string;
  country: string;
  device: string;
  referrer: string;
}

// Next's bundle and the server each load this module; the worker and the click cache live in the
// server's main thread, which the web app's thread reaches through the bridge.
const slot = globalThis as unknown as {
  __linkbioWebhookKick?: () => void;
  __linkbioClickWebhookOwners?: { loadedAt: number; owners: ReadonlySet<string> };
};

export const newEventId = () => `evt_${randomUUID().replaceAll("-", "")}`;

/** The body every attempt of one event sends, byte for byte. */
export function eventBody(id: string, type: WebhookDeliveryType, data: unknown, now: Date): string {
  return JSON.stringify({ id, type, created_at: now.toISOString(), data });
}

// One row per active webhook of the account that subscribed to the type; none when it has none.
const QUEUE_EVENT = `INSERT INTO "WebhookDelivery" (id, webhook_id, event_id, type, body, created_at, next_attempt_at)
  SELECT gen_random_uuid()::text, w.id, $3, $2, $4, ($5::timestamptz AT TIME ZONE 'UTC'), ($5::timestamptz AT TIME ZONE 'UTC')
  FROM "Webhook" w WHERE w.user_id = $1 AND w.disabled_at IS NULL AND $2 = ANY(w.events)`;

function queueParams(event: WebhookEvent, now: Date): unknown[] {
  const id = newEventId();
  return [event.userId, event.type, id, eventBody(id, event.type, event.data, now), now.toISOString()];
}

/** Wakes this process's worker shortly, once the caller's transaction has likely committed (else its next poll finds it). */
export function kickWebhookWorker(): void {
  const kick = slot.__linkbioWebhookKick;
  if (kick) setTimeout(kick, 100).unref();
  else tellOtherThread(WEBHOOK_KICK, null);
}

const WEBHOOK_KICK = "webhook-kick";
const CLICK_OWNERS_CHANGED = "click-webhook-owners-changed";

export function setWebhookKick(kick: (() => void) | undefined): void {
  slot.__linkbioWebhookKick = kick;
  onOtherThreadNotice(WEBHOOK_KICK, () => kickWebhookWorker());
  onOtherThreadNotice(CLICK_OWNERS_CHANGED, () => (slot.__linkbioClickWebhookOwners = undefined));
}

/**
 * Queues an event for every webhook of the account subscribed to it. Call it inside the transaction
 * of the change, so the event exists exactly when the change does (docs/api.md#webhooks).
 */
export async function recordWebhookEvent(tx: Db, event: WebhookEvent, now = new Date()): Promise<void> {
  await tx.$executeRawUnsafe(QUEUE_EVENT, ...queueParams(event, now));
  kickWebhookWorker();
}

/** recordWebhookEvent for the analytics writer's raw SQL transaction: counted clicks. */
export async function recordClickEvents(tx: SqlTarget, clicks: { userId: string; data: ClickEventData; at: Date }[]): Promise<void> {
  for (const click of clicks) {
    await tx.query(QUEUE_EVENT, queueParams({ userId: click.userId, type: "link.clicked", data: click.data }, click.at));
  }
  if (clicks.length > 0) kickWebhookWorker();
}

const CLICK_OWNERS_TTL_MS = 5_000;

/**
 * Accounts with an active webhook for `link.clicked`: read at most every 5 s per process (and at once
 * after this process changes webhooks), so counting a click costs no query while nobody subscribed.
 */
export async function clickWebhookOwners(sql: SqlTarget, now = Date.now()): Promise<ReadonlySet<string>> {
  const cached = slot.__linkbioClickWebhookOwners;
  if (cached && now - cached.loadedAt < CLICK_OWNERS_TTL_MS) return cached.owners;
  const rows = await sql.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM "Webhook" WHERE disabled_at IS NULL AND 'link.clicked' = ANY(events)`,
  );
  const owners = new Set(rows.map((row) => row.user_id));
  slot.__linkbioClickWebhookOwners = { loadedAt: now, owners };
  return owners;
}

/** After a webhook is created, deleted or disabled here: the next click reads the owners again. */
export function forgetClickWebhookOwners(): void {
  slot.__linkbioClickWebhookOwners = undefined;
  tellOtherThread(CLICK_OWNERS_CHANGED, null);
}
