import type { PrismaClient } from "@/generated/prisma/client";
import { safeFetch, SafeFetchError } from "@/server/http/safe-fetch/fetch";
import { log } from "@/server/logging/logger";
import { startPollingWorker, type PollingWorker } from "../polling-worker";
import { forgetClickWebhookOwners, setWebhookKick } from "./events";
import { signatureHeader } from "./signing";
import { allowedWebhookHosts } from "./urls";
import { KEPT_ATTEMPTS } from "./webhooks";

/** docs/api.md#delivery-and-retries: 5 s per attempt, retries from 5 s doubling, given up 24 hours after the event. */
export const ATTEMPT_TIMEOUT_MS = 5_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const FIRST_RETRY_MS = 5_000;
const LEASE_MS = 60_000;
const BATCH = 10;
/** A receiver's answer is read up to this size, then dropped; a larger one counts as a failure. */
const ANSWER_BYTES = 64 * 1024;

/** Waits after the n-th failed attempt: 5 s, 10 s, 20 s, … */
export function retryDelayMs(attempts: number): number {
  return FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1);
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The receiver's status, or null when none came (refused address, no connection, timeout, redirect). */
export type WebhookSender = (request: WebhookRequest) => Promise<{ ok: boolean; status: number | null }>;

/** Through the one safe fetcher: public addresses only, checked after DNS on every attempt; no redirect is followed. */
export const sendThroughSafeFetch: WebhookSender = async ({ url, headers, body }) => {
  try {
    const answer = await safeFetch(url, {
      method: "POST",
      body,
      headers,
      maxRedirects: 0,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      maxBytes: ANSWER_BYTES,
      allowedPrivateHosts: allowedWebhookHosts(),
    });
    return { ok: true, status: answer.status };
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    return { ok: false, status: error.status ?? null };
  }
};

interface ClaimedRow {
  id: string;
  webhook_id: string;
  event_id: string;
  type: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret: string;
}

export interface DeliverOptions {
  now?: Date;
  send?: WebhookSender;
  /** Only these webhooks' deliveries (a test's own, in a database other tests share). */
  onlyWebhooks?: readonly string[] | null;
}

/**
 * Claims due deliveries of active webhooks under a lease (SKIP LOCKED: several instances never take
 * the same one; one whose instance died is taken again when its lease ends), sends them at once and
 * records each attempt. Callers drain until nothing is claimed.
 */
export async function deliverDueWebhooks(
  db: PrismaClient,
  { now = new Date(), send = sendThroughSafeFetch, onlyWebhooks = null }: DeliverOptions = {},
): Promise<{ claimed: number; delivered: number }> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const claimed = await db.$queryRaw<ClaimedRow[]>`
    WITH due AS (
      SELECT d.id FROM "WebhookDelivery" d JOIN "Webhook" w ON w.id = d.webhook_id
      WHERE w.disabled_at IS NULL AND d.next_attempt_at <= ${now} AND (d.locked_until IS NULL OR d.locked_until <= ${now})
        AND (${onlyWebhooks}::text[] IS NULL OR d.webhook_id = ANY(${onlyWebhooks}::text[]))
      ORDER BY d.next_attempt_at LIMIT ${BATCH} FOR UPDATE OF d SKIP LOCKED)
    UPDATE "WebhookDelivery" AS d SET locked_until = ${lease}, attempts = d.attempts + 1
    FROM due, "Webhook" w WHERE d.id = due.id AND w.id = d.webhook_id
    RETURNING d.id, d.webhook_id, d.event_id, d.type, d.body, d.attempts, d.created_at, w.url, w.secret`;
  const outcomes = await Promise.all(
    claimed.map(async (row) => {
      const headers = {
        "content-type": "application/json",
        "user-agent": "Linkbio-Webhooks/1.0",
        "linkbio-event-id": row.event_id,
        "linkbio-signature": signatureHeader(row.secret, row.body, now),
      };
      const answer = await send({ url: row.url, headers, body: row.body }).catch(() => ({ ok: false, status: null }));
      await recordAttempt(db, row, answer, now);
      return answer.ok;
    }),
  );
  return { claimed: claimed.length, delivered: outcomes.filter(Boolean).length };
}

async function recordAttempt(db: PrismaClient, row: ClaimedRow, answer: { ok: boolean; status: number | null }, now: Date): Promise<void> {
  const attempt = {
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    type: row.type,
    response_status: answer.status,
    attempt: row.attempts,
    created_at: now,
  };
  const givenUpAt = row.created_at.getTime() + GIVE_UP_AFTER_MS;
  await db.$transaction(async (tx) => {
    // A webhook deleted meanwhile took its deliveries along: nothing is left to record.
    if ((await tx.webhook.count({ where: { id: row.webhook_id } })) === 0) return;
    if (answer.ok) {
      await tx.webhookDelivery.deleteMany({ where: { id: row.id } });
      await tx.webhookAttempt.create({ data: { ...attempt, status: "succeeded" } });
    } else if (now.getTime() >= givenUpAt) {
      // docs/api.md#delivery-and-retries: 24 hours of failures disable the webhook and drop what it still had queued.
      await tx.webhook.updateMany({ where: { id: row.webhook_id, disabled_at: null }, data: { disabled_at: now } });
      await tx.webhookDelivery.deleteMany({ where: { webhook_id: row.webhook_id } });
      await tx.webhookAttempt.create({ data: { ...attempt, status: "failed" } });
    } else {
      const next = new Date(Math.min(now.getTime() + retryDelayMs(row.attempts), givenUpAt));
      await tx.webhookDelivery.updateMany({ where: { id: row.id }, data: { next_attempt_at: next, locked_until: null } });
      await tx.webhookAttempt.create({ data: { ...attempt, status: "retrying", next_attempt_at: next } });
    }
    await tx.$executeRaw`DELETE FROM "WebhookAttempt" WHERE id IN (
      SELECT id FROM "WebhookAttempt" WHERE webhook_id = ${row.webhook_id} ORDER BY created_at DESC, id DESC OFFSET ${KEPT_ATTEMPTS})`;
  });
  if (!answer.ok && now.getTime() >= givenUpAt) {
    forgetClickWebhookOwners();
    log().warn({ webhook: row.webhook_id }, `Webhook ${row.webhook_id} disabled after 24 hours of failed deliveries`);
  }
}

/** Sends due deliveries every 2 s, and soon after this process queues one. */
export function startWebhookWorker(db: PrismaClient, intervalMs = 2_000): PollingWorker {
  const worker = startPollingWorker("Webhooks", intervalMs, () => deliverDueWebhooks(db));
  setWebhookKick(worker.kick);
  return {
    kick: worker.kick,
    stop: async () => {
      setWebhookKick(undefined);
      await worker.stop();
    },
  };
}
