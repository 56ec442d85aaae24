import { isMainThread, MessagePort, workerData } from "node:worker_threads";

/**
 * The one channel between the server's two threads: the visitors' thread (the main one, which owns
 * the port, the page cache, the analytics writer and the background workers) and the web app's
 * thread (Next). State that one thread keeps and the other changes crosses here: a notice is told
 * and forgotten, a call is answered. Both ride one port, so a notice and a later call arrive in the
 * order they were sent (a page change is applied before a "settled?" call about it is answered).
 * Without a bridge (tests, scripts, `npm run dev`) everything runs in one thread and nothing crosses.
 */
type Message =
  | { kind: "notice"; name: string; payload: unknown }
  | { kind: "call"; id: number; name: string; payload: unknown }
  | { kind: "reply"; id: number; ok: true; value: unknown }
  | { kind: "reply"; id: number; ok: false; message: string };

type NoticeHandler = (payload: unknown) => void;
type CallHandler = (payload: unknown) => unknown;

interface BridgeState {
  port: MessagePort | null;
  notices: Map<string, NoticeHandler>;
  calls: Map<string, CallHandler>;
  pending: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
  nextId: number;
}

// Next's bundle holds several copies of the modules that use this one; they all share one bridge.
const slot = globalThis as unknown as { __linkbioBridge?: BridgeState };
const state = (): BridgeState =>
  (slot.__linkbioBridge ??= { port: null, notices: new Map(), calls: new Map(), pending: new Map(), nextId: 1 });

function receive(bridge: BridgeState, port: MessagePort, message: Message): void {
  if (message.kind === "notice") {
    bridge.notices.get(message.name)?.(message.payload);
    return;
  }
  if (message.kind === "reply") {
    const pending = bridge.pending.get(message.id);
    bridge.pending.delete(message.id);
    if (message.ok) pending?.resolve(message.value);
    else pending?.reject(new Error(message.message));
    return;
  }
  const handler = bridge.calls.get(message.name);
  const { id } = message;
  Promise.resolve()
    .then(() => {
      if (!handler) throw new Error(`Nothing answers "${message.name}" in this thread`);
      return handler(message.payload);
    })
    .then(
      // A port in an answer (the database's, for one) is handed over rather than copied.
      (value) => port.postMessage({ kind: "reply", id, ok: true, value } satisfies Message, value instanceof MessagePort ? [value] : []),
      (error: unknown) =>
        port.postMessage({
          kind: "reply",
          id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        } satisfies Message),
    );
}

/** workerData's mark of the web app's thread (set by the server when it starts Next in a worker). */
export const WEB_APP_THREAD = "linkbioWebAppThread";

/** Whether this is the web app's thread, whose database, limits and workers are the server's main thread's. */
export function inWebAppThread(): boolean {
  return !isMainThread && (workerData as Record<string, unknown> | null)?.[WEB_APP_THREAD] === true;
}

/** Connects this thread to the other one through `port` (the server and the web app's thread each call it once). */
export function openBridge(port: MessagePort): void {
  const bridge = state();
  bridge.port = port;
  port.on("message", (message: Message) => receive(bridge, port, message));
  port.on("close", () => {
    bridge.port = null;
    for (const pending of bridge.pending.values()) pending.reject(new Error("The other thread has stopped"));
    bridge.pending.clear();
  });
  // An open bridge never keeps a stopping thread alive; pending calls do (see callOtherThread).
  port.unref();
}

export function closeBridge(): void {
  const bridge = state();
  bridge.port?.close();
  bridge.port = null;
}

/** Whether another thread is on the other end (false in tests, scripts and `npm run dev`). */
export function bridged(): boolean {
  return state().port !== null;
}

/** Tells the other thread, if there is one; nothing waits for it. */
export function tellOtherThread(name: string, payload: unknown): void {
  state().port?.postMessage({ kind: "notice", name, payload } satisfies Message);
}

/** What this thread does with the other thread's notices called `name` (one handler per name). */
export function onOtherThreadNotice(name: string, handler: NoticeHandler): void {
  state().notices.set(name, handler);
}

/** Asks the other thread and resolves with its answer; rejects when there is no other thread or it failed. */
export function callOtherThread<T>(name: string, payload: unknown): Promise<T> {
  const bridge = state();
  const port = bridge.port;
  if (!port) return Promise.reject(new Error("No other thread to ask"));
  const id = bridge.nextId++;
  return new Promise<T>((resolve, reject) => {
    if (bridge.pending.size === 0) port.ref();
    const settle = () => {
      if (bridge.pending.size === 0) port.unref();
    };
    bridge.pending.set(id, {
      resolve: (value) => {
        resolve(value as T);
        settle();
      },
      reject: (error) => {
        reject(error);
        settle();
      },
    });
    port.postMessage({ kind: "call", id, name, payload } satisfies Message);
  });
}

/** How this thread answers the other thread's calls named `name` (one handler per name). */
export function answerOtherThread(name: string, handler: CallHandler): void {
  state().calls.set(name, handler);
}
