// How far a running import has got, for the import screen's progress bar. Kept in this process, and
// in Redis when it is set, so the screen's polls may reach any instance behind the proxy.
import { env } from "@/server/config/env";
import { sharedRedis } from "../rate-limit/redis";

export type ImportPhase = "images" | "saving" | "done" | "failed";

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

interface Entry extends ImportProgress {
  updatedAt: number;
}

const KEEP_MS = 10 * 60_000;
const slot = globalThis as unknown as { __linkbioImportProgress?: Map<string, Entry> };
const entries = (): Map<string, Entry> => (slot.__linkbioImportProgress ??= new Map<string, Entry>());
const redisKey = (name: string) => `${env.RATE_LIMIT_PREFIX}:import-progress:${name}`;

/** Records a step; entries older than ten minutes are dropped on the way. Redis is written without waiting. */
export function reportProgress(key: string | undefined, userId: string, progress: ImportProgress): void {
  if (!key) return;
  const now = Date.now();
  for (const [name, entry] of entries()) if (now - entry.updatedAt > KEEP_MS) entries().delete(name);
  const name = `${userId}:${key}`;
  entries().set(name, { ...progress, updatedAt: now });
  // A lost write only costs the numbers on another instance's answer; the import itself goes on.
  sharedRedis()
    ?.set(redisKey(name), JSON.stringify(progress), "PX", KEEP_MS)
    .catch(() => undefined);
}

function parsed(text: string | null): ImportProgress | null {
  if (!text) return null;
  const value = JSON.parse(text) as Partial<ImportProgress>;
  const phases: ImportPhase[] = ["images", "saving", "done", "failed"];
  if (!phases.includes(value.phase as ImportPhase) || typeof value.done !== "number" || typeof value.total !== "number") return null;
  return { phase: value.phase as ImportPhase, done: value.done, total: value.total };
}

/** The progress of one of the user's own imports, from this process or another instance; null when unknown. */
export async function readProgress(key: string, userId: string): Promise<ImportProgress | null> {
  const name = `${userId}:${key}`;
  const entry = entries().get(name);
  if (entry) return { phase: entry.phase, done: entry.done, total: entry.total };
  const text = await sharedRedis()
    ?.get(redisKey(name))
    .catch(() => null);
  return parsed(text ?? null);
}
