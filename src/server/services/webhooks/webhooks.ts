import { randomBytes, randomUUID } from "node:crypto";
import type { PrismaClient, Webhook } from "@/generated/prisma/client";
import {
  createWebhookInput,
  MAX_WEBHOOKS,
  webhookEventType,
  type CreatedWebhook,
  type CreateWebhookInput,
  type WebhookAttemptDto,
  type WebhookSummary,
} from "@/lib/schemas/webhook";
import { ServiceError } from "../errors";
import { eventBody, forgetClickWebhookOwners, kickWebhookWorker, newEventId } from "./events";
import { checkWebhookUrl } from "./urls";

/** GET /webhooks/{id}/deliveries/ lists this many of the newest attempts; older ones are deleted. */
export const KEPT_ATTEMPTS = 100;

const notFound = () => new ServiceError("NOT_FOUND", "Webhook not found");

export function webhookLimitMessage(limit = MAX_WEBHOOKS): string {
  return `An account can hold at most ${limit} webhooks. Delete one to add another.`;
}

function summaryOf(row: Webhook): WebhookSummary {
  return {
    id: row.id,
    url: row.url,
    events: row.events.flatMap((event) => webhookEventType.safeParse(event).data ?? []),
    created_at: row.created_at,
    status: row.disabled_at ? "disabled" : "active",
    disabled_at: row.disabled_at,
  };
}

async function ownWebhook(db: PrismaClient, userId: string, id: string): Promise<Webhook> {
  const row = await db.webhook.findFirst({ where: { id, user_id: userId } });
  if (!row) throw notFound();
  return row;
}

/** A new webhook; its signing secret is answered once. At most MAX_WEBHOOKS per account. */
export async function createWebhook(
  db: PrismaClient,
  userId: string,
  input: CreateWebhookInput,
  now = new Date(),
): Promise<CreatedWebhook> {
  const { url: rawUrl, events } = createWebhookInput.parse(input);
  const url = await checkWebhookUrl(rawUrl);
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  const row = await db.$transaction(async (tx) => {
    // Serialises creations per account, so parallel requests cannot pass the limit together.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    if ((await tx.webhook.count({ where: { user_id: userId } })) >= MAX_WEBHOOKS) {
      throw new ServiceError("BAD_REQUEST", webhookLimitMessage());
    }
    return tx.webhook.create({ data: { user_id: userId, url, events: [...events], secret, created_at: now } });
  });
  forgetClickWebhookOwners();
  const { id, created_at } = row;
  return { id, url, events: summaryOf(row).events, created_at, secret };
}

/** The account's webhooks, newest first, without secrets; disabled ones say so. */
export async function listWebhooks(db: PrismaClient, userId: string): Promise<WebhookSummary[]> {
  const rows = await db.webhook.findMany({ where: { user_id: userId }, orderBy: [{ created_at: "desc" }, { id: "desc" }] });
  return rows.map(summaryOf);
}

/** Deletes the webhook with its pending deliveries and their history. */
export async function deleteWebhook(db: PrismaClient, userId: string, id: string): Promise<void> {
  const { count } = await db.webhook.deleteMany({ where: { id, user_id: userId } });
  if (count === 0) throw notFound();
  forgetClickWebhookOwners();
}

/** The newest attempts first (at most KEPT_ATTEMPTS). */
export async function listAttempts(db: PrismaClient, userId: string, id: string): Promise<WebhookAttemptDto[]> {
  await ownWebhook(db, userId, id);
  const rows = await db.webhookAttempt.findMany({
    where: { webhook_id: id },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    take: KEPT_ATTEMPTS,
  });
  return rows.map((row) => ({
    id: row.id,
    event_id: row.event_id,
    type: row.type,
    status: row.status as WebhookAttemptDto["status"],
    response_status: row.response_status,
    attempt: row.attempt,
    created_at: row.created_at,
    next_attempt_at: row.next_attempt_at,
  }));
}

/** Queues a `ping` for this webhook alone; it is delivered, retried and listed like any event. */
export async function queuePing(db: PrismaClient, userId: string, id: string, now = new Date()): Promise<{ event_id: string }> {
  const webhook = await ownWebhook(db, userId, id);
  if (webhook.disabled_at)
    throw new ServiceError("BAD_REQUEST", "This webhook is disabled after 24 hours of failed deliveries. Add it again to use it.");
  const eventId = newEventId();
  await db.webhookDelivery.create({
    data: {
      id: randomUUID(),
      webhook_id: id,
      event_id: eventId,
      type: "ping",
      body: eventBody(eventId, "ping", { webhook_id: id }, now),
      created_at: now,
      next_attempt_at: now,
    },
  });
  kickWebhookWorker();
  return { event_id: eventId };
}
