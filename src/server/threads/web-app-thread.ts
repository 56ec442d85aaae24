// The web app's thread: Next and everything it serves (the signed-in screens, tRPC, the REST API,
// authentication), started by the server in a worker (web-app.ts). Next patches its thread's
// globals (process.nextTick, setImmediate, Date, console, crypto, and AsyncLocalStorage's async
// hooks on every promise); here they stay off the main thread that answers visitors. It listens only
// on a socket in a private folder that the main thread forwards to, after its limits and checks.
import { createServer } from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { closeDatabaseIfOpen } from "@/server/db/client";
import { log } from "@/server/logging/logger";
import { closeSharedRedis, connectSharedRedis } from "@/server/services/rate-limit/redis";
import { openBridge } from "./bridge";
import type { WebAppThreadData, WebAppThreadMessage } from "./web-app";

const data = workerData as WebAppThreadData;
const tell = (message: WebAppThreadMessage) => parentPort!.postMessage(message);

async function main(): Promise<void> {
  openBridge(data.bridgePort);
  await connectSharedRedis();
  const { default: next } = await import("next");
  const app = next({ dev: false, port: data.port, hostname: data.hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((request, response) => void handle(request, response));
  // The main thread's connections are closed by the main thread (forward.ts), never under it.
  server.keepAliveTimeout = 10 * 60_000;
  server.listen(data.socketPath, () => tell({ kind: "ready" }));
  parentPort!.on("message", (message: WebAppThreadMessage) => {
    if (message.kind !== "stop") return;
    server.close(() => {
      void Promise.all([closeDatabaseIfOpen(), closeSharedRedis()])
        .catch((error: unknown) => log().error({ err: error }, "The web app's thread did not close cleanly"))
        .finally(() => tell({ kind: "stopped" }));
    });
    server.closeIdleConnections();
  });
}

main().catch((error: unknown) => tell({ kind: "failed", message: error instanceof Error ? error.message : String(error) }));
