import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import path from "node:path";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import { log } from "@/server/logging/logger";
import { closeBridge, openBridge, WEB_APP_THREAD } from "./bridge";
import { forwardTo } from "./forward";

export interface WebAppThreadData {
  [WEB_APP_THREAD]: true;
  bridgePort: MessagePort;
  socketPath: string;
  port: number;
  hostname: string | undefined;
}

export type WebAppThreadMessage = { kind: "ready" } | { kind: "failed"; message: string } | { kind: "stop" } | { kind: "stopped" };

export interface WebApp {
  /** Hands a request to Next in its thread and streams the answer back. */
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  /** Lets the requests under way finish, closes the thread's connections, ends the thread. */
  stop: () => Promise<void>;
}

// Beside server.mjs in the build (scripts/production-server.ts bundles both).
const THREAD_FILE = new URL("./web-app-thread.mjs", import.meta.url);
const STOP_WAIT_MS = 10_000;

/**
 * Starts Next in a worker thread of its own and resolves once it answers. `onLost` is told if the
 * thread ends by itself (a crash), since the server cannot serve the app without it.
 */
export function startWebApp(port: number, hostname: string | undefined, onLost: (reason: string) => void): Promise<WebApp> {
  // A folder only this user can enter, so nothing else on the machine reaches the thread's socket.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "linkbio-"));
  const socketPath = path.join(folder, `web-${randomBytes(4).toString("hex")}.sock`);
  const { port1, port2 } = new MessageChannel();
  openBridge(port1);
  const data: WebAppThreadData = { [WEB_APP_THREAD]: true, bridgePort: port2, socketPath, port, hostname };
  const worker = new Worker(THREAD_FILE, { workerData: data, transferList: [port2] });
  let stopping = false;
  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });

  return new Promise<WebApp>((resolve, reject) => {
    let started = false;
    worker.on("message", (message: WebAppThreadMessage) => {
      if (message.kind === "ready") {
        started = true;
        resolve({ handle: forwardTo(socketPath), stop });
      } else if (message.kind === "failed" && !started) reject(new Error(`the web app did not start: ${message.message}`));
    });
    worker.on("error", (error) => {
      if (!started) reject(new Error(`the web app did not start: ${error.message}`));
      else log().error({ err: error }, "The web app's thread failed");
    });
    worker.on("exit", (code) => {
      removeFolder();
      if (!started) reject(new Error(`the web app's thread ended with code ${code} before it was ready`));
      else if (!stopping) onLost(`the web app's thread ended with code ${code}`);
    });
  });

  function stop(): Promise<void> {
    stopping = true;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
      worker.on("message", (message: WebAppThreadMessage) => {
        if (message.kind === "stopped") void worker.terminate();
      });
      worker.once("exit", () => {
        clearTimeout(timer);
        closeBridge();
        resolve();
      });
      worker.postMessage({ kind: "stop" } satisfies WebAppThreadMessage);
    });
  }
}
