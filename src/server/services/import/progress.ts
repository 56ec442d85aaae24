// How far a running import has got, for the import screen's progress bar. Kept in this process:
// the screen polls the instance it reaches, and shows a bar without numbers when that one is not it.

export type ImportPhase = "images" | "saving" | "done" | "failed";

export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}

interface Entry extends ImportProgress {
  userId: string;
  updatedAt: number;
}

const KEEP_MS = 10 * 60_000;
const slot = globalThis as unknown as { __linkbioImportProgress?: Map<string, Entry> };
const entries = (): Map<string, Entry> => (slot.__linkbioImportProgress ??= new Map<string, Entry>());

/** Records a step; entries older than ten minutes are dropped on the way. */
export function reportProgress(key: string | undefined, userId: string, progress: ImportProgress): void {
  if (!key) return;
  const now = Date.now();
  for (const [name, entry] of entries()) if (now - entry.updatedAt > KEEP_MS) entries().delete(name);
  entries().set(`${userId}:${key}`, { ...progress, userId, updatedAt: now });
}

/** The progress of one of the user's own imports; null when unknown here. */
export function readProgress(key: string, userId: string): ImportProgress | null {
  const entry = entries().get(`${userId}:${key}`);
  return entry ? { phase: entry.phase, done: entry.done, total: entry.total } : null;
}
