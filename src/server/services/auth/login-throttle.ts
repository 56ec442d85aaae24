import type { PrismaClient } from "@/generated/prisma/client";
import { ServiceError } from "../errors";

export const FREE_ATTEMPTS = 5;
const WINDOW_MS = 15 * 60_000;
const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 15 * 60_000;

function throttleKey(email: string, clientIp: string | null): string {
  return `${email}|${clientIp ?? "unknown"}`;
}

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** Refuses the attempt while this email is locked from this client address. */
export async function assertNotThrottled(
  db: PrismaClient,
  email: string,
  clientIp: string | null,
  now = new Date(),
): Promise<void> {
  const row = await db.loginThrottle.findUnique({ where: { key: throttleKey(email, clientIp) } });
  const remaining = row?.locked_until ? row.locked_until.getTime() - now.getTime() : 0;
  if (remaining > 0) {
    throw new ServiceError(
      "TOO_MANY_REQUESTS",
      `Too many failed log-in attempts. Please try again in ${minutesText(remaining)}.`,
      { retryAfterSeconds: Math.ceil(remaining / 1000) },
    );
  }
}

/** Counts a failure; from the last free attempt on, each failure locks for twice as long, capped. */
export async function recordFailedLogin(
  db: PrismaClient,
  email: string,
  clientIp: string | null,
  now = new Date(),
): Promise<void> {
  const key = throttleKey(email, clientIp);
  await db.$transaction(async (tx) => {
    const row = await tx.loginThrottle.findUnique({ where: { key } });
    const windowExpired = !row || now.getTime() - row.window_started.getTime() > WINDOW_MS;
    const failures = windowExpired ? 1 : row.failures + 1;
    const lockMs =
      failures >= FREE_ATTEMPTS ? Math.min(FIRST_LOCK_MS * 2 ** (failures - FREE_ATTEMPTS), MAX_LOCK_MS) : 0;
    const data = {
      failures,
      window_started: windowExpired ? now : row.window_started,
      locked_until: lockMs ? new Date(now.getTime() + lockMs) : null,
    };
    await tx.loginThrottle.upsert({ where: { key }, create: { key, ...data }, update: data });
  });
}

export async function clearFailedLogins(db: PrismaClient, email: string, clientIp: string | null): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: throttleKey(email, clientIp) } });
}
