// Stands in for the web app's thread in web-app-thread.test.ts: a worker marked as that thread,
// joined to the test's thread by the bridge, doing what the web app does there on request
// (a profile edit, limited attempts, queued mail, ended sessions) and answering with the result.
import { parentPort, workerData } from "node:worker_threads";
import { getDatabase } from "../../../src/server/db/client";
import { markSessionsEnded } from "../../../src/server/services/auth/session-cache";
import { enqueueMail } from "../../../src/server/services/mail/outbox";
import { takeAttempt } from "../../../src/server/services/rate-limit/limits";
import { openBridge } from "../../../src/server/threads/bridge";

export type PeerRequest =
  | { op: "rename"; profileId: string; displayName: string }
  | { op: "attempts"; address: string; count: number }
  | { op: "mail"; to: string }
  | { op: "end-session"; sessionId: string };

openBridge((workerData as { bridgePort: import("node:worker_threads").MessagePort }).bridgePort);

async function run(request: PeerRequest): Promise<unknown> {
  switch (request.op) {
    case "rename":
      return (await getDatabase().prisma.profile.update({ where: { id: request.profileId }, data: { display_name: request.displayName } }))
        .slug;
    case "attempts": {
      const waits: number[] = [];
      for (let attempt = 0; attempt < request.count; attempt += 1) waits.push(await takeAttempt("password", request.address));
      return waits;
    }
    case "mail":
      return enqueueMail(getDatabase().prisma, {
        to: request.to,
        subject: "From the web app's thread",
        text: "Hello",
        html: "<p>Hello</p>",
      });
    case "end-session":
      markSessionsEnded([request.sessionId], Date.now());
      return null;
  }
}

parentPort!.on("message", (request: PeerRequest) => {
  run(request).then(
    (value) => parentPort!.postMessage({ ok: true, value }),
    (error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
parentPort!.postMessage({ ok: true, value: "ready" });
