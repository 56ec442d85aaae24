import { assertWithinLimit, takeAttempt } from "../rate-limit/limits";

/**
 * Counts one message an account asks for, before it is queued: per client address, per account and
 * per recipient (so an address gets no more than the limit however many accounts name it); 429 over any.
 */
export async function assertMayMail(accountId: string, recipient: string, clientIp: string | null): Promise<void> {
  await assertWithinLimit("mailAddress", clientIp);
  await assertWithinLimit("mailAccount", accountId);
  await assertWithinLimit("mailRecipient", recipient);
}

/** For mail nobody asked for by hand (the sign-up's first link): counted per recipient, skipped when over. */
export async function mayMailQuietly(recipient: string): Promise<boolean> {
  return (await takeAttempt("mailRecipient", recipient)) === 0;
}
