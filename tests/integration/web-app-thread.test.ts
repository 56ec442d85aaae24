import { once } from "node:events";
import { MessageChannel, Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase, type Database } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrate";
import { onPageChange, type PageChange } from "@/server/db/page-changes";
import { cachedSessionOwner, rememberSessionOwner } from "@/server/services/auth/session-cache";
import { startOutboxWorker } from "@/server/services/mail/outbox";
import type { OutgoingMail } from "@/server/services/mail/transport";
import { reloadRateLimits, usedUp } from "@/server/services/rate-limit/limits";
import { closeBridge, openBridge, WEB_APP_THREAD } from "@/server/threads/bridge";
import type { PeerRequest } from "./programs/web-app-peer";
import { uniqueEmail } from "./helpers";

// The server's two threads as production runs them: this one owns the embedded database (its own,
// whatever TEST_DATABASE_URL says), the limits and the workers; the peer is marked as the web app's
// thread and reaches all of them through the bridge.
let database: Database;
let peer: Worker;

async function ask<T>(request: PeerRequest): Promise<T> {
  peer.postMessage(request);
  const [answer] = (await once(peer, "message")) as [{ ok: true; value: T } | { ok: false; message: string }];
  if (!answer.ok) throw new Error(answer.message);
  return answer.value;
}

beforeAll(async () => {
  process.env.RATE_LIMIT_PASSWORD_PER_MINUTE = "3";
  reloadRateLimits();
  database = createDatabase({ pglitePath: "memory://" });
  await applyMigrations(database.sql);
  const { port1, port2 } = new MessageChannel();
  openBridge(port1);
  // A worker's entry is not run through tsx's loader, so the entry registers it and imports the peer.
  const peerUrl = new URL("./programs/web-app-peer.ts", import.meta.url).href;
  const entry = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(peerUrl)}); })`;
  peer = new Worker(entry, { eval: true, workerData: { [WEB_APP_THREAD]: true, bridgePort: port2 }, transferList: [port2] });
  const [ready] = (await once(peer, "message")) as [{ value: string }];
  expect(ready.value).toBe("ready");
}, 120_000);

afterAll(async () => {
  await peer?.terminate();
  closeBridge();
  await database?.close();
  process.env.RATE_LIMIT_PASSWORD_PER_MINUTE = "100000";
  reloadRateLimits();
});

describe("the web app's thread, bridged to the visitors' thread", { timeout: 60_000 }, () => {
  it("writes through this thread's embedded database, and its page changes reach this thread's listeners", async () => {
    const user = await database.prisma.user.create({ data: { email: uniqueEmail("bridge") } });
    const profile = await database.prisma.profile.create({ data: { user_id: user.id, slug: `bridge_${Date.now()}`, is_primary: true } });
    const heard: PageChange[] = [];
    const stop = onPageChange((change) => heard.push(change));
    try {
      const slug = await ask<string>({ op: "rename", profileId: profile.id, displayName: "Renamed there" });
      expect(slug).toBe(profile.slug);
      await vi.waitFor(() => expect(heard).toContainEqual(expect.objectContaining({ slugs: expect.arrayContaining([profile.slug]) })));
      expect((await database.prisma.profile.findUniqueOrThrow({ where: { id: profile.id } })).display_name).toBe("Renamed there");
    } finally {
      stop();
    }
  });

  it("counts its attempts in this thread's limits, so both threads together get the limit once", async () => {
    const address = "198.51.100.77";
    expect(await ask<number[]>({ op: "attempts", address, count: 4 })).toEqual([0, 0, 0, expect.any(Number)]);
    expect(await usedUp("password", address)).toBeGreaterThan(0);
  });

  it("wakes this thread's outbox worker when it queues mail", async () => {
    const sent: OutgoingMail[] = [];
    // A poll a minute: only the kick can deliver within the test.
    const outbox = startOutboxWorker(
      database.prisma,
      { send: (mail) => Promise.resolve(void sent.push(mail)), close: () => undefined },
      60_000,
    );
    try {
      const to = uniqueEmail("kicked");
      expect(await ask<boolean>({ op: "mail", to })).toBe(true);
      await vi.waitFor(() => expect(sent.map((mail) => mail.to)).toContain(to), { timeout: 10_000 });
    } finally {
      await outbox.stop();
    }
  });

  it("ends a session here as soon as it is ended there", async () => {
    rememberSessionOwner("bridged-session", "some-user", Date.now());
    await ask({ op: "end-session", sessionId: "bridged-session" });
    await vi.waitFor(() => expect(cachedSessionOwner("bridged-session", Date.now())).toBeNull());
  });
});
