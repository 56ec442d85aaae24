// A visitor's sign-up on a public page (docs/product/audience.md#double-opt-in): limits first, then
// bots and the honeypot are answered like everyone else and ignored, then one row per address and
// page, and one confirmation message queued in the same transaction (never lost, never twice).
import type { PrismaClient, Prisma } from "@/generated/prisma/client";
import type { SubscribeInput } from "@/lib/schemas/audience";
import { HONEYPOT_FIELD } from "@/lib/schemas/audience";
import { utmOfPage } from "../analytics/arrival";
import { classifyVisit, type Headers } from "../analytics/visitor";
import { ServiceError } from "../errors";
import { enqueueMail } from "../mail/outbox";
import { subscriptionConfirmMessage } from "../mail/messages";
import { signupTextsShown } from "@/lib/audience/signup-texts";
import { pageNameOf, visibleLinks } from "../public-profile";
import { assertWithinLimit } from "../rate-limit/limits";
import { pageAddressOf } from "../share/page-address";
import { confirmUrl, unsubscribeHeaders, unsubscribeUrl } from "./links";
import { CONFIRM_LINK_MS, newConfirmToken } from "./tokens";

/** A repeat sign-up within this long after the last confirmation message sends nothing new. */
export const REPEAT_QUIET_MS = 60 * 60_000;

export const NO_SIGNUPS_MESSAGE = "This page takes no sign-ups";

/** Where the sign-up came from; the address is used for the limit and the country, never stored. */
export interface SignupVisit {
  ip: string | null;
  userAgent: string | null;
  /** Where the visitor came to the page from (the page's document.referrer), when known. */
  referrer: string | null;
  /** The page's address as the visitor opened it, for its utm_source. */
  page: string | null;
  headers: Headers;
}

type Tx = Prisma.TransactionClient;

async function queueConfirmation(tx: Tx, subscriber: { id: string; email: string }, token: string, profile: PageOwner) {
  const message = subscriptionConfirmMessage(
    pageNameOf(profile),
    pageAddressOf(profile.slug),
    confirmUrl(token),
    unsubscribeUrl(subscriber.id),
  );
  await enqueueMail(tx, { ...message, to: subscriber.email, headers: unsubscribeHeaders(subscriber.id) });
}

interface PageOwner {
  id: string;
  slug: string;
  display_name: string;
  title: string;
}

/** The page a sign-up is for: visible to visitors and showing a sign-up block right now. */
async function signupPage(db: PrismaClient, slug: string): Promise<PageOwner & { successMessage: string }> {
  const profile = await db.profile.findUnique({
    where: { slug },
    select: { id: true, slug: true, display_name: true, title: true, profile_visibility: true, links: { where: { link_type: "signup" } } },
  });
  const block = profile && profile.profile_visibility !== "private" ? visibleLinks(profile.links)[0] : undefined;
  if (!profile || !block) throw new ServiceError("NOT_FOUND", NO_SIGNUPS_MESSAGE);
  return { ...profile, successMessage: signupTextsShown(block, pageNameOf(profile)).success_message };
}

/** What the page that took a sign-up tells the visitor (its block's success message). */
export interface SignupAnswer {
  name: string;
  successMessage: string;
}

/**
 * Signs an address up for a page's emails; resolves the same way whoever it is (pending, subscribed,
 * a bot, the honeypot filled), so the answer tells nobody who subscribed.
 */
export async function signUp(db: PrismaClient, input: SubscribeInput, visit: SignupVisit, now = new Date()): Promise<SignupAnswer> {
  const slug = input.slug.trim().toLowerCase();
  await assertWithinLimit("signupAddress", visit.ip);
  await assertWithinLimit("signupProfile", `profile:${slug}`);
  const traits = classifyVisit({ ...visit, utm: utmOfPage(visit.page) }, now);
  const profile = await signupPage(db, slug);
  const answer = { name: pageNameOf(profile), successMessage: profile.successMessage };
  if (!traits || input[HONEYPOT_FIELD]) return answer;
  const email = input.email.trim().toLowerCase();
  const origin = { country: traits.country, referrer_host: traits.referrerHost, utm_source: traits.utm.source };
  await db.$transaction(async (tx) => {
    const { token, hash } = newConfirmToken();
    const fresh = {
      ...origin,
      status: "pending" as const,
      confirm_token_hash: hash,
      confirm_expires_at: new Date(now.getTime() + CONFIRM_LINK_MS),
      confirmation_sent_at: now,
      created_at: now,
    };
    const [created] = await tx.subscriber.createManyAndReturn({
      data: [{ ...fresh, profile_id: profile.id, email }],
      skipDuplicates: true,
    });
    if (created) return queueConfirmation(tx, created, token, profile);
    const [existing] = await tx.$queryRaw<{ id: string; status: string; confirmation_sent_at: Date | null }[]>`
      SELECT id, status::text AS status, confirmation_sent_at FROM "Subscriber"
      WHERE profile_id = ${profile.id} AND email = ${email} FOR UPDATE`;
    if (!existing || existing.status === "subscribed") return;
    if (existing.confirmation_sent_at && now.getTime() - existing.confirmation_sent_at.getTime() < REPEAT_QUIET_MS) return;
    await tx.subscriber.update({ where: { id: existing.id }, data: { ...fresh, confirmed_at: null, unsubscribed_at: null } });
    await queueConfirmation(tx, { id: existing.id, email }, token, profile);
  });
  return answer;
}
