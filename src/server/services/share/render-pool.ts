import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/** What one drawing may cost before its worker is ended: the drawing then fails and a fallback is served. */
export const RENDER_LIMITS = {
  timeoutMs: 5_000,
  resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  /** Drawings waiting beyond this many are refused at once rather than queued. */
  maxQueued: 16,
  /** A worker without a drawing this long is ended: its heap, fonts and layout engine go back to the system until the next one. */
  idleMs: 30_000,
};

export interface RenderJob {
  tree: unknown;
  width: number;
  height: number;
  fontFiles: { name: string; file: string; weight: number; style: "normal" }[];
}

interface Pending {
  job: RenderJob;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; png: Uint8Array } | { id: number; error: string };

// Found from the working directory (like the database worker), so the bundled server finds it too.
const WORKER_URL = pathToFileURL(path.join(/*turbopackIgnore: true*/ process.cwd(), "src/server/services/share/render-worker.mjs"));

/**
 * One worker thread that draws share images one at a time, so a costly image takes that thread,
 * never the event loop that serves pages. A drawing that passes the time limit or the memory cap
 * ends the worker (and fails); the next drawing starts a fresh one.
 */
class RenderPool {
  private worker: Worker | null = null;
  private queue: Pending[] = [];
  private current: (Pending & { id: number; timer: NodeJS.Timeout }) | null = null;
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  /** Whether a worker is up (drawing, or idle for less than RENDER_LIMITS.idleMs). */
  get running(): boolean {
    return this.worker !== null;
  }

  render(job: RenderJob): Promise<Buffer> {
    if (this.queue.length >= RENDER_LIMITS.maxQueued) return Promise.reject(new Error("Too many share images are being drawn"));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_URL, { resourceLimits: RENDER_LIMITS.resourceLimits });
    worker.unref();
    worker.on("message", (reply: Reply) => this.settle(reply));
    worker.on("error", (error) => this.fail(worker, error));
    worker.on("exit", (code) => this.fail(worker, new Error(`Share image worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private pump(): void {
    if (this.current) return;
    const next = this.queue.shift();
    if (!next) return this.endWhenIdle();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const id = this.nextId++;
    const worker = this.ensureWorker();
    const timer = setTimeout(() => {
      void worker.terminate();
      this.fail(worker, new Error(`Share image took longer than ${RENDER_LIMITS.timeoutMs} ms`));
    }, RENDER_LIMITS.timeoutMs);
    timer.unref();
    this.current = { ...next, id, timer };
    worker.postMessage({ id, ...next.job });
  }

  private settle(reply: Reply): void {
    const current = this.current;
    if (!current || current.id !== reply.id) return;
    clearTimeout(current.timer);
    this.current = null;
    if ("error" in reply) current.reject(new Error(reply.error));
    else current.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
    this.pump();
  }

  private endWhenIdle(): void {
    const worker = this.worker;
    if (!worker || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.worker !== worker || this.current) return;
      this.worker = null;
      void worker.terminate();
    }, RENDER_LIMITS.idleMs);
    this.idleTimer.unref();
  }

  /** The worker died or was ended: its drawing fails, and the next one gets a new worker. */
  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const current = this.current;
    this.current = null;
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
    }
    this.pump();
  }
}

// One per thread, shared by every module copy in it (Next's bundle holds several).
const slot = globalThis as unknown as { __linkbioRenderPool?: RenderPool };

/** Whether the drawing worker is up; it is ended after RENDER_LIMITS.idleMs without a drawing. */
export function renderWorkerRunning(): boolean {
  return slot.__linkbioRenderPool?.running ?? false;
}

export function renderInWorker(job: RenderJob): Promise<Buffer> {
  slot.__linkbioRenderPool ??= new RenderPool();
  return slot.__linkbioRenderPool.render(job);
}
