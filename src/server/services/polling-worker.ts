import { log } from "@/server/logging/logger";

export interface PollingWorker {
  /** Runs the drain soon: now, or right after the run under way. */
  kick: () => void;
  /** Stops polling and waits for the run under way. */
  stop: () => Promise<void>;
}

/**
 * Drains a queue of claimed rows (the mail outbox, webhook deliveries) every `intervalMs` and on
 * every kick, one run at a time; a run calls `drain` again while it still claims rows.
 */
export function startPollingWorker(label: string, intervalMs: number, drain: () => Promise<{ claimed: number }>): PollingWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while ((await drain()).claimed > 0 && !stopped);
        } catch (error) {
          log().warn(`${label}: ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(kick, intervalMs);
  timer.unref();
  kick();
  return {
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
