import pg from "pg";
import { INVALIDATION_CHANNEL } from "./invalidation";
import { announcePageChange, decodeChange, EVERY_PAGE } from "./page-changes";
import { log } from "@/server/logging/logger";

/** Names the listening connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "linkbio-page-changes";
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

export interface PageChangeListening {
  /** Resolves once the first attempt to subscribe has settled (subscribed, or retrying in the background). */
  ready: Promise<void>;
  /** Whether the subscription is currently live. */
  live(): boolean;
  stop(): Promise<void>;
}

/**
 * Other instances' edits reach this instance's page cache through LISTEN on a dedicated connection.
 * When that connection fails (PostgreSQL restarted, backend terminated) it is re-established with
 * backoff, and since notifications sent meanwhile are lost, every cached page is dropped on reconnect.
 */
export function listenForPageChanges(
  connectionString: string,
  print: (line: string) => void = (line) => log().warn(line),
): PageChangeListening {
  let client: pg.Client | null = null;
  let stopped = false;
  let subscribed = false;
  let firstAttempt = true;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    firstAttempt = false;
    client = null;
    if (subscribed && error) print(`Page-change listener lost its connection (${error.message}); reconnecting.`);
    subscribed = false;
    current.removeAllListeners("notification");
    void current.end().catch(() => undefined);
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const current = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client = current;
    current.on("error", (error) => lost(current, error));
    current.on("end", () => lost(current));
    current.on("notification", (message) => {
      if (message.channel === INVALIDATION_CHANNEL) announcePageChange(decodeChange(message.payload));
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      lost(current, error as Error);
      return;
    }
    if (client !== current) return;
    const missedSome = !firstAttempt;
    firstAttempt = false;
    subscribed = true;
    retryMs = FIRST_RETRY_MS;
    // Whatever changed while nobody listened is unknown, so nothing cached can be trusted.
    if (missedSome) {
      print("Page-change listener reconnected; every cached page is dropped.");
      announcePageChange(EVERY_PAGE);
    }
  }

  return {
    ready: connect(),
    live: () => subscribed,
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      subscribed = false;
      await current?.end().catch(() => undefined);
    },
  };
}
