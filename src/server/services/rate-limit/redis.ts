// The one Redis connection a process shares for limits and log-in throttles, when REDIS_URL is set.
import { Redis } from "ioredis";
import { env } from "@/server/config/env";
import { log } from "@/server/logging/logger";

interface RedisSlot {
  url: string | undefined;
  client: Redis | null;
}

// One connection per thread, shared by every module copy in it (Next's bundle holds several).
const slot = globalThis as unknown as { __linkbioRedis?: RedisSlot };

/** The shared client, or null without REDIS_URL. Commands fail at once while Redis is down. */
export function sharedRedis(): Redis | null {
  const url = env.REDIS_URL;
  const current = slot.__linkbioRedis;
  if (current && current.url === url) return current.client;
  current?.client?.disconnect();
  // No offline queue: a limit check must not wait for a reconnect, the in-memory fallback answers instead.
  const client = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, lazyConnect: false }) : null;
  let reported = false;
  client?.on("error", (error: Error) => {
    if (!reported) log().warn(`Redis unavailable, limits fall back to this instance's memory: ${error.message}`);
    reported = true;
  });
  client?.on("ready", () => (reported = false));
  slot.__linkbioRedis = { url, client };
  return client;
}

/**
 * Connects the shared client at start, waiting at most `timeoutMs` for it: until it is ready, limits
 * and throttles count in this instance's memory or database, and a count begun there would not
 * follow its key into Redis once the connection comes up.
 */
export async function connectSharedRedis(timeoutMs = 2_000): Promise<void> {
  const client = sharedRedis();
  if (!client || client.status === "ready") return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise((resolve) => client.once("ready", resolve)),
    new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
  ]);
  clearTimeout(timer);
}

/** Closes the shared client (graceful stop, tests). */
export async function closeSharedRedis(): Promise<void> {
  const client = slot.__linkbioRedis?.client;
  slot.__linkbioRedis = undefined;
  if (client) await client.quit().catch(() => client.disconnect());
}
