import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "@/server/db/client";
import { cachedPage } from "@/server/public-page/page-cache";
import { createAppServer } from "@/server/pipeline/request-pipeline";
import { flushAnalytics } from "@/server/services/analytics/ingest";
import { registeredUser } from "./helpers";

/** The whole request pipeline (behind a trusted proxy) with a stand-in for Next that answers 418. */
let server: Server;
let origin: string;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeAll(async () => {
  server = createAppServer((_request, response) => void response.writeHead(418).end(), true);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await flushAnalytics();
});

async function creator() {
  const user = await registeredUser("cached");
  const slug = `cached_${randomUUID().slice(0, 8)}`;
  const profile = await user.caller.profile.updateSlug({ slug });
  await user.caller.link.create({ title: "A link", url: "https://example.com" });
  return { slug, profileId: profile.id };
}

async function views(profileId: string): Promise<number> {
  await flushAnalytics();
  const [row] = await getDatabase().sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "AnalyticsEvent" WHERE profile_id = $1 AND type = 'view'`,
    [profileId],
  );
  return row!.n;
}

// The first visit is rendered and logged, so it carries its request id; a cached answer is neither.
const headersOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !["date", "keep-alive", "connection", "x-request-id"].includes(name)));

describe("a cached page, answered before anything else in the pipeline", () => {
  it("sends the same answer as the first (rendered) visit, with HSTS over https and 304 for the version the visitor holds", async () => {
    const { slug } = await creator();
    const first = await fetch(`${origin}/u/${slug}`);
    const firstBody = await first.text();
    expect(cachedPage(slug)).toBeDefined();
    const again = await fetch(`${origin}/u/${slug}`);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
    expect(again.headers.get("content-security-policy")).toContain("default-src 'none'");

    const https = await fetch(`${origin}/u/${slug}`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect((await fetch(`${origin}/u/${slug}`)).headers.get("strict-transport-security")).toBeNull();

    const notModified = await fetch(`${origin}/u/${slug}`, { headers: { "if-none-match": again.headers.get("etag")! } });
    expect(notModified.status).toBe(304);
    const gzip = await fetch(`${origin}/u/${slug}`, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(await gzip.text()).toBe(firstBody);
    const head = await fetch(`${origin}/u/${slug}`, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(again.headers.get("content-length"));
  });

  it("leaves requests with a body, a session cookie or another method to the rest of the pipeline", async () => {
    const { slug } = await creator();
    await fetch(`${origin}/u/${slug}`);
    const post = await fetch(`${origin}/u/${slug}`, { method: "POST", body: "x" });
    expect(post.status, "Next's answer").toBe(418);
    const trace = await fetch(`${origin}/u/${slug}`, { method: "TRACE" }).catch(() => null);
    if (trace) expect(trace.status).toBe(405);
    const signedIn = await fetch(`${origin}/u/${slug}`, { headers: { cookie: "next-auth.session-token=not-a-session" } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("public, no-cache");
  });

  it("counts one view per visitor address and page in 30 minutes, each new address once", async () => {
    const { slug, profileId } = await creator();
    for (let i = 0; i < 5; i += 1) await fetch(`${origin}/u/${slug}`, { headers: { "user-agent": BROWSER, "x-forwarded-for": "8.8.8.8" } });
    expect(await views(profileId)).toBe(1);
    for (let i = 0; i < 5; i += 1) await fetch(`${origin}/u/${slug}`, { headers: { "user-agent": BROWSER, "x-forwarded-for": "8.8.8.8" } });
    for (let i = 0; i < 3; i += 1)
      await fetch(`${origin}/u/${slug}`, { headers: { "user-agent": BROWSER, "x-forwarded-for": `81.2.69.${i}` } });
    await fetch(`${origin}/u/${slug}`);
    expect(await views(profileId), "no user agent is no view").toBe(4);
  });
});
