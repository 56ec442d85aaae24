import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, db, getDatabase } from "@/server/db/client";
import { INVALIDATION_CHANNEL } from "@/server/db/invalidation";
import { LISTENER_APPLICATION_NAME } from "@/server/db/page-change-listener";
import { cachedPage, startRender, storePage, type RenderedPage } from "@/server/public-page/page-cache";

const url = process.env.TEST_DATABASE_URL;

const page = (profileId: string): RenderedPage => ({
  status: 200,
  html: Buffer.from(`<p>${profileId}</p>`),
  profileId,
  ownerId: null,
  countsViews: true,
  indexable: true,
  expiresAt: null,
});

async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// PGlite has one process and no other instance to hear from; this is about PostgreSQL's LISTEN.
describe.skipIf(!url)("page changes from other instances (PostgreSQL)", () => {
  const admin = new pg.Client({ connectionString: url });
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    await admin.connect();
    stopListening = await getDatabase().listen();
  });

  afterAll(async () => {
    await stopListening();
    await admin.end();
  });

  const notify = (slugs: string[]) => admin.query("SELECT linkbio_page_change_notice($1::text[], '{}', '{}')", [slugs]);

  it("drops the slug another instance names, and only that one", async () => {
    const [changed, kept] = [`a_${randomUUID().slice(0, 8)}`, `b_${randomUUID().slice(0, 8)}`];
    storePage(changed, page("p-a"), startRender());
    storePage(kept, page("p-b"), startRender());
    await notify([changed]);
    await eventually(() => cachedPage(changed) === undefined);
    expect(cachedPage(kept)).toBeDefined();
  });

  it("re-subscribes after its connection is killed, drops everything then, and hears later changes", async () => {
    const slug = `c_${randomUUID().slice(0, 8)}`;
    storePage(slug, page("p-c"), startRender());
    const { rows } = await admin.query<{ terminated: boolean }>(
      "SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()",
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows.some((row) => row.terminated)).toBe(true);
    // Notifications sent while it was gone are lost, so the reconnect itself empties the cache.
    await eventually(() => cachedPage(slug) === undefined);

    // The cache is emptied only once LISTEN is back, so a change sent now must arrive.
    const later = `d_${randomUUID().slice(0, 8)}`;
    storePage(later, page("p-d"), startRender());
    expect(cachedPage(later)).toBeDefined();
    await notify([later]);
    await eventually(() => cachedPage(later) === undefined);
  });

  async function creatorWithLink() {
    const suffix = randomUUID().slice(0, 8);
    const user = await db().user.create({ data: { email: `notice-${suffix}@example.com` } });
    const profile = await db().profile.create({ data: { user_id: user.id, slug: `n_${suffix}`, design: { create: {} } } });
    const link = await db().link.create({ data: { profile_id: profile.id, title: "Shop", url: "https://example.com", position: 0 } });
    await noticesDelivered();
    return { profile, link };
  }

  /** Resolves once every notice committed so far has reached this instance (they arrive in commit order). */
  async function noticesDelivered() {
    const marker = `m_${randomUUID().slice(0, 8)}`;
    storePage(marker, page("p-marker"), startRender());
    await notify([marker]);
    await eventually(() => cachedPage(marker) === undefined);
  }

  it("hears a change committed outside the app, as when the writing instance dies before it could say so", async () => {
    const { profile } = await creatorWithLink();
    storePage(profile.slug, page(profile.id), startRender());
    await admin.query(`UPDATE "Profile" SET display_name = 'Renamed' WHERE id = $1`, [profile.id]);
    await eventually(() => cachedPage(profile.slug) === undefined);
  });

  it("is not told of click counts, which do not change a cached page", async () => {
    const { profile, link } = await creatorWithLink();
    storePage(profile.slug, page(profile.id), startRender());
    await admin.query(`UPDATE "Link" SET clicks = clicks + 1 WHERE id = $1`, [link.id]);
    await noticesDelivered();
    expect(cachedPage(profile.slug)).toBeDefined();
  });

  it("sends the change of an edit made just before its instance closes the database", async () => {
    const heard: string[] = [];
    const otherInstance = new pg.Client({ connectionString: url });
    await otherInstance.connect();
    otherInstance.on("notification", (message) => heard.push(message.payload ?? ""));
    await otherInstance.query(`LISTEN ${INVALIDATION_CHANNEL}`);

    const closing = createDatabase({ databaseUrl: url! });
    const slug = `e_${randomUUID().slice(0, 8)}`;
    const user = await closing.prisma.user.create({ data: { email: `${slug}@example.com` } });
    await closing.prisma.profile.create({ data: { user_id: user.id, slug, design: { create: {} } } });
    await closing.close();

    await eventually(() => heard.some((payload) => payload.includes(slug)));
    await otherInstance.end();
  });

  it("outlives every connection of the app being terminated, and answers again on its own", async () => {
    await db().user.count();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    );
    // The pool's idle connections died with an 'error' nobody may leave unhandled; the next query gets a new one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(db().user.count()).resolves.toBeGreaterThanOrEqual(0);
    await expect(getDatabase().sql.transaction((sql) => sql.query<{ one: number }>("SELECT 1 AS one"))).resolves.toEqual([{ one: 1 }]);
  });
});
