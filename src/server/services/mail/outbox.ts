import type { Prisma, PrismaClient } from "@/generated/prisma/client";
import { log } from "@/server/logging/logger";
import { countMail } from "@/server/metrics/counts";
import { onOtherThreadNotice, tellOtherThread } from "@/server/threads/bridge";
import type { RenderedMessage } from "./layout";
import type { MailTransport } from "./transport";
import { startPollingWorker, type PollingWorker } from "../polling-worker";

type Db = PrismaClient | Prisma.TransactionClient;

export interface QueuedMail extends RenderedMessage {
  to: string;
  headers?: Record<string, string>;
  /** A message with a key is queued at most once (a job's digest per account and day). */
  dedupe_key?: string;
}

export const MAX_ATTEMPTS = 10;
const LEASE_MS = 2 * 60_000;
const BATCH = 10;

/** Waits after the n-th failed attempt: 30 s doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

// Next's bundle and the server each load this module; the worker runs in the server's main thread,
// and mail queued in the web app's thread wakes it through the bridge.
const slot = globalThis as unknown as { __linkbioOutboxKick?: () => void };
const OUTBOX_KICK = "outbox-kick";

function kickOutbox(): void {
  const kick = slot.__linkbioOutboxKick;
  if (kick) kick();
  else tellOtherThread(OUTBOX_KICK, null);
}

/** Queues a message in the database; the worker sends it. Returns false when its dedupe key was already queued. */
export async function enqueueMail(db: Db, mail: QueuedMail): Promise<boolean> {
  const created = await db.outboxMessage.createMany({
    data: [
      {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers ?? {},
        dedupe_key: mail.dedupe_key ?? null,
      },
    ],
    skipDuplicates: true,
  });
  kickOutbox();
  return created.count === 1;
}

interface ClaimedRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attempts: number;
}

/**
 * Claims due messages under a lease (SKIP LOCKED, so several instances never take the same one),
 * sends each and records the outcome. A message whose sender died mid-send is taken again once its
 * lease ends. Returns how many it claimed and how many of those were sent: callers drain until
 * nothing is claimed, since a batch that all failed (and was rescheduled) may hide due mail behind it.
 * `onlyTo` limits it to those recipients (a test's own mail in a database other tests share).
 */
export async function deliverDue(
  db: PrismaClient,
  transport: MailTransport,
  now: Date = new Date(),
  onlyTo: readonly string[] | null = null,
): Promise<{ claimed: number; sent: number }> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const claimed = await db.$queryRaw<ClaimedRow[]>`
    UPDATE "OutboxMessage" SET locked_until = ${lease}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM "OutboxMessage"
      WHERE status = 'pending' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})
        AND (${onlyTo}::text[] IS NULL OR "to" = ANY(${onlyTo}::text[]))
      ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, html, headers, attempts`;
  let sent = 0;
  for (const row of claimed) {
    try {
      await transport.send(row);
      await db.outboxMessage.update({
        where: { id: row.id },
        data: { status: "sent", sent_at: new Date(), locked_until: null, last_error: null },
      });
      sent += 1;
      countMail("sent");
      log().info({ mail: row.id, attempt: row.attempts }, `Mail ${row.id} sent (attempt ${row.attempts})`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = row.attempts >= MAX_ATTEMPTS;
      await db.outboxMessage.update({
        where: { id: row.id },
        data: {
          status: gaveUp ? "failed" : "pending",
          locked_until: null,
          last_error: message.slice(0, 1000),
          next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)),
        },
      });
      countMail(gaveUp ? "given_up" : "retry");
      log().warn(
        { mail: row.id, attempt: row.attempts },
        `Mail ${row.id} not sent (attempt ${row.attempts}${gaveUp ? ", giving up" : ", will retry"}): ${message}`,
      );
    }
  }
  return { claimed: claimed.length, sent };
}

/** Sends queued mail every few seconds, and at once when this process queues some. */
export function startOutboxWorker(db: PrismaClient, transport: MailTransport, intervalMs = 5_000): PollingWorker {
  const worker = startPollingWorker("Outbox", intervalMs, () => deliverDue(db, transport));
  slot.__linkbioOutboxKick = worker.kick;
  onOtherThreadNotice(OUTBOX_KICK, () => slot.__linkbioOutboxKick?.());
  return {
    kick: worker.kick,
    stop: async () => {
      if (slot.__linkbioOutboxKick === worker.kick) slot.__linkbioOutboxKick = undefined;
      await worker.stop();
      transport.close();
    },
  };
}
