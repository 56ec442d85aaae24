import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase, type Database } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrate";
import { PGlitePortClient, PGliteProxy } from "@/server/db/pglite-proxy";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { uniqueEmail } from "./helpers";

// Its own embedded database (whatever TEST_DATABASE_URL says), so the worker path is what runs.
let database: Database;
beforeAll(async () => {
  database = createDatabase({ pglitePath: "memory://" });
  await applyMigrations(database.sql);
  await database.sql.exec("CREATE TABLE proxy_rows (id int PRIMARY KEY)");
});
afterAll(() => database.close());

// A result far over this heap cap kills the worker the way running out of memory does.
const SMALL_HEAP_MB = 32;
const RESULT_OVER_THE_CAP = "SELECT repeat('x', 30000000) AS a, repeat('y', 30000000) AS b, repeat('z', 30000000) AS c";

describe("the embedded database in its worker thread", { timeout: 60_000 }, () => {
  it("commits a transaction's writes, and rolls them all back when its function throws", async () => {
    await database.sql.transaction(async (tx) => {
      await tx.query("INSERT INTO proxy_rows VALUES ($1)", [1]);
      await tx.query("INSERT INTO proxy_rows VALUES ($1)", [2]);
    });
    await expect(
      database.sql.transaction(async (tx) => {
        await tx.query("INSERT INTO proxy_rows VALUES ($1)", [3]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    const rows = await database.sql.query<{ id: number }>("SELECT id FROM proxy_rows WHERE id <= 3 ORDER BY id");
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("runs Prisma's interactive transactions, rolling back on throw, and reports a unique violation as P2002", async () => {
    const email = uniqueEmail("proxy");
    await expect(
      database.prisma.$transaction(async (tx) => {
        await tx.user.create({ data: { email } });
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await database.prisma.user.count({ where: { email } })).toBe(0);

    await database.prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { email } });
    });
    await expect(database.prisma.user.create({ data: { email } })).rejects.toMatchObject({
      code: "P2002",
      meta: { driverAdapterError: { cause: { constraint: { fields: ["email"] } } } },
    });
    await expect(database.prisma.$transaction((tx) => tx.user.create({ data: { email } }))).rejects.toMatchObject({ code: "P2002" });
  });

  it("carries bytes, big integers, dates and JSON both ways", async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    const id = randomUUID();
    const created = await database.prisma.asset.create({ data: { id, mime: "application/octet-stream", size: bytes.length, bytes } });
    const stored = await database.prisma.asset.findUniqueOrThrow({ where: { id } });
    expect(Buffer.from(stored.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(stored.created_at).toEqual(created.created_at);

    const big = 9_007_199_254_740_993n; // past Number's exact range
    const [row] = await database.prisma.$queryRaw<
      { n: bigint; j: unknown }[]
    >`SELECT ${big}::int8 AS n, ${JSON.stringify({ a: [1, null] })}::jsonb AS j`;
    expect(row).toEqual({ n: big, j: { a: [1, null] } });

    const [raw] = await database.sql.query<{ b: Uint8Array; t: Date }>("SELECT $1::bytea AS b, $2::timestamptz AS t", [
      Buffer.from([0, 255, 7]),
      new Date("2026-01-02T03:04:05.678Z"),
    ]);
    expect([...raw!.b]).toEqual([0, 255, 7]);
    expect(raw!.t).toEqual(new Date("2026-01-02T03:04:05.678Z"));
  });

  it("makes a query sent while a transaction is open wait for its end, outside it", async () => {
    let wrote = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.sql.transaction(async (tx) => {
      await tx.query("INSERT INTO proxy_rows VALUES ($1)", [10]);
      wrote = true;
      await released;
      throw new Error("undo");
    });
    await vi.waitFor(() => expect(wrote).toBe(true));
    // Run inside the open transaction, it would see the row the rollback then removes.
    const outside = database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM proxy_rows WHERE id = 10");
    release();
    await expect(transaction).rejects.toThrow("undo");
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it("fails every pending call as a lost connection when the worker dies, and stays failed for a memory database", async () => {
    const proxy = new PGliteProxy("memory://", { maxHeapMb: SMALL_HEAP_MB });
    try {
      await proxy.query("SELECT 1");
      const killing = proxy.query(RESULT_OVER_THE_CAP);
      const queued = proxy.query("SELECT 2");
      for (const call of [killing, queued]) {
        const error = await call.then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toMatchObject({ code: "08006", message: expect.stringContaining("worker stopped") });
        expect(isDatabaseUnavailable(error)).toBe(true);
      }
      await expect(proxy.query("SELECT 3")).rejects.toMatchObject({ code: "08006" });
    } finally {
      await proxy.close();
    }
  });

  it("serves another thread's client on a port: the same data, and transactions of its own that the owner's queries wait for", async () => {
    const proxy = new PGliteProxy("memory://");
    const other = new PGlitePortClient(() => Promise.resolve(proxy.connectPort()));
    try {
      await proxy.exec("CREATE TABLE shared_rows (id int PRIMARY KEY)");
      await other.query("INSERT INTO shared_rows VALUES ($1)", [1]);
      expect((await proxy.query<{ id: number }>("SELECT id FROM shared_rows")).rows).toEqual([{ id: 1 }]);

      let wrote = false;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // Both clients number their calls from 1, so the ids of their transactions meet.
      const theirs = other.transaction(async (tx) => {
        await tx.query("INSERT INTO shared_rows VALUES ($1)", [2]);
        wrote = true;
        await released;
        throw new Error("undo");
      });
      await vi.waitFor(() => expect(wrote).toBe(true));
      const ownersView = proxy.query<{ n: number }>("SELECT count(*)::int AS n FROM shared_rows");
      release();
      await expect(theirs).rejects.toThrow("undo");
      expect((await ownersView).rows).toEqual([{ n: 1 }]);
      await proxy.transaction(async (tx) => {
        await tx.query("INSERT INTO shared_rows VALUES ($1)", [3]);
      });
      expect((await other.query<{ id: number }>("SELECT id FROM shared_rows ORDER BY id")).rows).toEqual([{ id: 1 }, { id: 3 }]);
    } finally {
      await other.close();
      await proxy.close();
    }
  });

  it("rolls back a transaction whose client went away, and the owner goes on", async () => {
    const proxy = new PGliteProxy("memory://");
    const other = new PGlitePortClient(() => Promise.resolve(proxy.connectPort()));
    try {
      await proxy.exec("CREATE TABLE left_rows (id int)");
      let wrote = false;
      const abandoned = other.transaction(async (tx) => {
        await tx.query("INSERT INTO left_rows VALUES (1)");
        wrote = true;
        await new Promise(() => undefined);
      });
      void abandoned.catch(() => undefined);
      await vi.waitFor(() => expect(wrote).toBe(true));
      await other.close();
      expect((await proxy.query<{ n: number }>("SELECT count(*)::int AS n FROM left_rows")).rows).toEqual([{ n: 0 }]);
    } finally {
      await proxy.close();
    }
  });

  it("fails a port client's pending calls as a lost connection when the worker dies, and reconnects it through its owner", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-proxy-"));
    const proxy = new PGliteProxy(path.join(folder, "pglite"), { maxHeapMb: SMALL_HEAP_MB });
    const other = new PGlitePortClient(() => Promise.resolve(proxy.connectPort()));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await other.exec("CREATE TABLE survived (id int); INSERT INTO survived VALUES (8)");
      await expect(other.query(RESULT_OVER_THE_CAP)).rejects.toMatchObject({ code: "08006" });
      expect((await other.query<{ id: number }>("SELECT id FROM survived")).rows).toEqual([{ id: 8 }]);
    } finally {
      vi.restoreAllMocks();
      await other.close();
      await proxy.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("opens an on-disk database again after its worker died, with what was committed", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-proxy-"));
    const proxy = new PGliteProxy(path.join(folder, "pglite"), { maxHeapMb: SMALL_HEAP_MB });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await proxy.exec("CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)");
      await expect(proxy.query(RESULT_OVER_THE_CAP)).rejects.toMatchObject({ code: "08006" });
      expect((await proxy.query<{ id: number }>("SELECT id FROM kept")).rows).toEqual([{ id: 7 }]);
    } finally {
      vi.restoreAllMocks();
      await proxy.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
