import type { PrismaClient } from "@/generated/prisma/client";
import { onPageChange, type PageChange } from "@/server/db/page-changes";
import { log } from "@/server/logging/logger";
import { answerOtherThread, callOtherThread, inWebAppThread } from "@/server/threads/bridge";

/** An active custom domain as the request pipeline routes it. */
export interface ServedDomain {
  domain: string;
  profileId: string;
  userId: string;
  slug: string;
}

interface State {
  byDomain: Map<string, ServedDomain>;
  /** Resolves once the first load finished; null after that, so the hot path awaits nothing. */
  loading: Promise<void> | null;
  /** Reloads run one after another, so a later change is never overwritten by an earlier answer. */
  queue: Promise<void>;
  database: () => PrismaClient;
}

// Kept by the thread that serves visitors (like the page cache), shared by every module copy in it.
const slot = globalThis as unknown as { __linkbioServedDomains?: State };

const include = { profile: { select: { slug: true, user_id: true } } } as const;

async function query(db: PrismaClient, domains: string[] | null): Promise<ServedDomain[]> {
  const rows = await db.customDomain.findMany({
    where: domains ? { active_domain: { in: domains } } : { status: "active" },
    include,
  });
  return rows.map((row) => ({ domain: row.domain, profileId: row.profile_id, userId: row.profile.user_id, slug: row.profile.slug }));
}

function enqueue(state: State, work: () => Promise<void>): void {
  state.queue = state.queue.then(work).catch((error: unknown) => {
    log().error({ err: error }, "Custom domains not reloaded");
    // What changed is unknown now: read them all again shortly.
    setTimeout(() => enqueue(state, () => reloadAll(state)), 5_000).unref();
  });
}

async function reloadAll(state: State): Promise<void> {
  const served = await query(state.database(), null);
  state.byDomain = new Map(served.map((entry) => [entry.domain, entry]));
}

/**
 * Applies a page change: a domain it names stops being served at once (it is read again, so an
 * activation appears as soon as the read returns); domains of a changed profile or user are read
 * again (a new slug, a deleted account); an unknown change reads every domain again.
 */
function applyChange(state: State, change: PageChange): void {
  if (change.everything) return enqueue(state, () => reloadAll(state));
  const affected = new Set(change.domains ?? []);
  for (const domain of affected) state.byDomain.delete(domain);
  if (change.profileIds.length + change.userIds.length > 0) {
    const profiles = new Set(change.profileIds);
    const users = new Set(change.userIds);
    for (const entry of state.byDomain.values()) {
      if (profiles.has(entry.profileId) || users.has(entry.userId)) affected.add(entry.domain);
    }
  }
  if (affected.size === 0) return;
  const domains = [...affected];
  enqueue(state, async () => {
    const served = await query(state.database(), domains);
    for (const domain of domains) state.byDomain.delete(domain);
    for (const entry of served) state.byDomain.set(entry.domain, entry);
  });
}

/**
 * Starts keeping the set of active custom domains in memory: read once, then kept current by the
 * page-change notices (this instance's writes and, through the database's triggers, every other
 * instance's), so routing a Host and answering Caddy's `ask` never wait for the database.
 */
export function startServingDomains(database: () => PrismaClient): State {
  if (slot.__linkbioServedDomains) return slot.__linkbioServedDomains;
  const state: State = { byDomain: new Map(), loading: null, queue: Promise.resolve(), database };
  slot.__linkbioServedDomains = state;
  onPageChange((change) => applyChange(state, change));
  const firstLoad = (): Promise<void> =>
    reloadAll(state).catch(async (error: unknown) => {
      log().error({ err: error }, "Custom domains not loaded yet");
      await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
      return firstLoad();
    });
  state.loading = firstLoad().then(() => {
    state.loading = null;
  });
  return state;
}

/** Null once the domains are in memory; until then the promise of the first load. */
export function servedDomainsLoading(): Promise<void> | null {
  return slot.__linkbioServedDomains?.loading ?? null;
}

/** The active custom domain a request's host names, if any. */
export function servedDomain(host: string): ServedDomain | undefined {
  return slot.__linkbioServedDomains?.byDomain.get(host);
}

const SETTLED_CALL = "served-domains-settled";

/**
 * Resolves once every change announced so far has been applied (tests, and a write's own answer).
 * The domains are served by the main thread, so the web app's thread asks it: the bridge delivers
 * the write's page change before the question.
 */
export function servedDomainsSettled(): Promise<void> {
  if (inWebAppThread()) return callOtherThread<void>(SETTLED_CALL, null);
  const state = slot.__linkbioServedDomains;
  if (!state) return Promise.resolve();
  return Promise.all([state.loading, state.queue]).then(() => undefined);
}

answerOtherThread(SETTLED_CALL, () => servedDomainsSettled());
