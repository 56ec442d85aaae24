import net, { type AddressInfo } from "node:net";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "@/server/api/root";
import { createDatabase, getDatabase, useDatabase, type Database } from "@/server/db/client";
import { errorAnswer } from "@/server/rest/errors";
import { registeredUser } from "./helpers";
import { startPublicServer, type PublicServer } from "./public-server";

let server: PublicServer;
let origin: string;
let unreachable: Database;
let working: Database;

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  working = getDatabase();
  unreachable = createDatabase({ databaseUrl: `postgresql://postgres@127.0.0.1:${await closedPort()}/linkbio` });
  server = await startPublicServer();
  origin = server.origin;
});

afterAll(async () => {
  useDatabase(working);
  await server.close();
  await unreachable.close();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (caught: unknown) => caught,
  );
}

describe("while the database is unreachable", () => {
  it("app calls fail with SERVICE_UNAVAILABLE, and REST answers 503 with Retry-After", async () => {
    const { id } = await registeredUser("down");
    const caller = createCaller({
      db: unreachable.prisma,
      sql: unreachable.sql,
      userId: id,
      clientIp: "203.0.113.9",
      headers: new Headers(),
    });
    const startedAt = Date.now();
    const error = await failure(caller.link.list());
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("SERVICE_UNAVAILABLE");

    const answer = errorAnswer(error, { invalidBearer: false });
    expect(answer?.status).toBe(503);
    expect(answer?.headers["retry-after"]).toMatch(/^\d+$/);
    expect(answer?.body.detail).toMatch(/temporarily unavailable/);
    expect(answer?.body.code).toBe("service_unavailable");
  });

  it("serves cached public pages, and answers 503 with Retry-After for other pages and for clicks", async () => {
    const { caller } = await registeredUser("cached");
    const { slug } = await caller.profile.updateSlug({ slug: `cached_${Date.now().toString(36)}` });
    const link = await caller.link.create({ title: "Shop", url: "https://example.com/shop" });
    expect((await fetch(`${origin}/u/${slug}`)).status).toBe(200);

    useDatabase(unreachable);
    try {
      expect((await fetch(`${origin}/u/${slug}`)).status).toBe(200);
      const uncached = await fetch(`${origin}/u/never_${Date.now().toString(36)}`);
      expect(uncached.status).toBe(503);
      expect(uncached.headers.get("retry-after")).toMatch(/^\d+$/);

      // A click is acknowledged only once committed, so while the database is away it is refused, not lost.
      const startedAt = Date.now();
      const click = await fetch(`${origin}/api/v1/links/${link.id}/click/`, {
        method: "POST",
        headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0" },
      });
      expect(click.status).toBe(503);
      expect(click.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await click.json()).toEqual({ detail: expect.stringMatching(/temporarily unavailable/), code: "service_unavailable" });
      expect(Date.now() - startedAt).toBeLessThan(10_000);
    } finally {
      useDatabase(working);
    }
  });
});
