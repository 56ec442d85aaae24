// What the public page and the click endpoint call. Classification (bots, prefetches, device,
// country, visitor hash, the address's repeat keys) happens here, in memory; the owner check, the
// link lookup and the repeat rule happen in the batch writer (writer.ts, targets.ts, repeats.ts: a
// few statements per batch), so no event costs a round trip of its own.
import type { Utm } from "./arrival";
import { countedRecently, rememberCounted, repeatKeys } from "./repeats";
import { classifyVisit, type Headers, type VisitorTraits } from "./visitor";
import { enqueue, flush, type Outcome } from "./writer";

export interface VisitContext {
  /** The client address as the custom server resolved it (never stored). */
  ip: string | null;
  userAgent: string | null;
  /** Page views: the Referer header. Clicks: the page URL the beacon sends. */
  referrer: string | null;
  /** A page view whose address carried the QR marker: its referrer is "QR code". */
  viaQrCode?: boolean;
  /** A page view's utm_* parameters (arrival.ts). */
  utm?: Utm;
  headers: Headers;
  /** The event's time; defaults to now (tests pass a fixed clock). */
  now?: Date;
  /** The signed-in viewer, when known: nothing is counted when they own the profile. */
  viewerUserId?: string | null;
}

export type SkipReason = "bot" | "owner" | "repeat" | "unknown_link";

export interface ClickResult {
  recorded: boolean;
  /** Whether the link's page shows it right now (false: answer 404). Bots' clicks are looked up too, never counted. */
  found: boolean;
  /** Why a click was not counted. */
  reason?: SkipReason;
}

const MAX_ID_LENGTH = 64;

/** A bot's click is queued too (without traits): the batch still tells whether the link exists. */
function queueClick(linkId: string, visit: VisitContext): Promise<Outcome> {
  const at = visit.now ?? new Date();
  const traits = classifyVisit(visit, at);
  const repeat = traits ? repeatKeys("click", linkId, visit.ip, at.getTime()) : null;
  return new Promise((resolve, reject) =>
    enqueue({
      type: "click",
      profileId: null,
      linkId,
      viewerUserId: visit.viewerUserId ?? null,
      at: at.getTime(),
      traits,
      repeat,
      settle: resolve,
      fail: reject,
    }),
  );
}

const SKIPPED: Promise<void> = Promise.resolve();

/**
 * Records a page view. Resolves once it is committed (or skipped); never rejects, since the page
 * handler does not await it: a failure is logged here. A repeat this process counted is skipped
 * at once, and so is a bot's view: neither reaches the writer.
 */
export function recordPageView(profileId: string, visit: VisitContext): Promise<void> {
  if (typeof profileId !== "string" || profileId.length === 0 || profileId.length > MAX_ID_LENGTH) return SKIPPED;
  const at = visit.now ?? new Date();
  const ms = at.getTime();
  if (countedRecently("view", profileId, visit.ip, ms)) return SKIPPED;
  const traits = classifyVisit(visit, at);
  if (!traits) return SKIPPED;
  return queueView(profileId, visit.ip, visit.viewerUserId ?? null, ms, traits);
}

/**
 * A function of its own so the queued view's callbacks hold what they name and not the visit (its
 * request's headers): a backlog of views under load then costs a few hundred bytes each.
 */
function queueView(profileId: string, ip: string | null, viewerUserId: string | null, ms: number, traits: VisitorTraits): Promise<void> {
  return new Promise((resolve) =>
    enqueue({
      type: "view",
      profileId,
      linkId: null,
      viewerUserId,
      at: ms,
      traits,
      repeat: repeatKeys("view", profileId, ip, ms),
      settle: (outcome) => {
        if (outcome === "recorded") rememberCounted("view", profileId, ip, ms);
        resolve();
      },
      fail: (error) => {
        console.error("Analytics: page view not recorded:", error);
        resolve();
      },
    }),
  );
}

/**
 * Records a link click and resolves after the batch holding it has committed. recorded=false for
 * bots and prefetches, the profile's owner, repeats from one address within the hour, and links
 * that do not exist or that their page does not show right now (found=false). Rejects only when
 * the batch could not be committed after retries.
 */
export async function recordClick(linkId: string, visit: VisitContext): Promise<ClickResult> {
  if (typeof linkId !== "string" || linkId.length === 0 || linkId.length > MAX_ID_LENGTH) {
    return { recorded: false, found: false, reason: "unknown_link" };
  }
  const outcome = await queueClick(linkId, visit);
  if (outcome === "recorded") return { recorded: true, found: true };
  if (outcome === "unknown") return { recorded: false, found: false, reason: "unknown_link" };
  return { recorded: false, found: true, reason: outcome };
}

/** Commits everything queued so far; call on graceful shutdown before closing the database. */
export function flushAnalytics(): Promise<void> {
  return flush();
}
