import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as trpcPost } from "@/app/api/trpc/[trpc]/route";
import { MAX_TRPC_BATCH } from "@/lib/trpc-batch";
import { db } from "@/server/db/client";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { handleRestRequest } from "@/server/rest/handler";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { publicQrCode } from "@/server/services/share/qr";
import { callerFor, registeredUser } from "./helpers";
import { startPublicServer } from "./public-server";

const saved = { ...process.env };

/** A fresh IPv6 /64 per test, so tests never share a counter. */
function address(): string {
  const n = randomUUID().replace(/-/g, "");
  return `2001:db8:${n.slice(0, 4)}:${n.slice(4, 8)}::1`;
}

function useCostlyLimit(perMinute: number): void {
  Object.assign(process.env, { RATE_LIMIT_COSTLY_PER_MINUTE: String(perMinute), RATE_LIMIT_PREFIX: `costly-${randomUUID().slice(0, 8)}` });
  delete process.env.REDIS_URL;
  reloadRateLimits();
}

beforeEach(() => {
  process.env = { ...saved };
});
afterEach(() => {
  process.env = { ...saved };
  reloadRateLimits();
});

async function pageOwner() {
  const user = await registeredUser("costly");
  const profile = await user.caller.profile.updateSlug({ slug: `qr_${randomUUID().slice(0, 8)}` });
  return { ...user, profile };
}

const PNG = { format: "png", size: 1024, colors: "standard" } as const;

describe("QR codes", () => {
  it("are drawn once per version of the page: the same code again is the cached one, a design change draws anew", async () => {
    const { caller, profile } = await pageOwner();
    const first = await publicQrCode(db(), profile.slug, PNG, null);
    expect(await publicQrCode(db(), profile.slug, PNG, null)).toBe(first);
    expect(await publicQrCode(db(), profile.slug.toUpperCase(), PNG, null)).toBe(first);
    const inPageColours = { ...PNG, colors: "page" } as const;
    const before = await publicQrCode(db(), profile.slug, inPageColours, null);
    await caller.design.save({ text_color: "#1d4ed8" });
    const after = await publicQrCode(db(), profile.slug, inPageColours, null);
    expect(after).not.toBe(before);
    expect(after.data_base64).not.toBe(before.data_base64);
    // A renamed page's code shows the new address.
    const renamed = await caller.profile.updateSlug({ slug: `qr_${randomUUID().slice(0, 8)}` });
    expect((await publicQrCode(db(), renamed.slug, PNG, null)).address).toContain(renamed.slug);
  });

  it("without sign-in are limited per client address: 429 over REST with Retry-After", async () => {
    useCostlyLimit(3);
    const { profile } = await pageOwner();
    const ip = address();
    const get = (from: string) =>
      handleRestRequest(
        new Request(`http://localhost/api/v1/profiles/${profile.slug}/qr/?format=svg`, { headers: { [CLIENT_IP_HEADER]: from } }),
      );
    for (let i = 0; i < 3; i++) expect((await get(ip)).status).toBe(200);
    const refused = await get(ip.replace(/::1$/, "::abcd"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await get(address())).status).toBe(200);
  });
});

describe("share images", () => {
  it("are limited per client address: 429 with Retry-After, other addresses unaffected", async () => {
    useCostlyLimit(2);
    const { profile } = await pageOwner();
    const server = await startPublicServer({ trustProxy: true });
    try {
      const get = (from: string) => fetch(`${server.origin}/u/${profile.slug}/og.png`, { headers: { "x-forwarded-for": from } });
      const ip = address();
      for (let i = 0; i < 2; i++) expect((await get(ip)).status).toBe(200);
      const refused = await get(ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await refused.text()).toMatch(/^Too many share image requests from your network\./);
      expect((await get(address())).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("token refreshes", () => {
  it("are limited per client address", async () => {
    useCostlyLimit(2);
    const ip = address();
    const caller = callerFor(null, ip);
    for (let i = 0; i < 2; i++)
      await expect(caller.auth.refresh({ refresh: "not-a-token" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(caller.auth.refresh({ refresh: "not-a-token" })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe("tRPC batches", () => {
  function batch(calls: number): Request {
    const path = Array.from({ length: calls }, () => "auth.refresh").join(",");
    const body = Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, { json: { refresh: "x" } }]));
    return new Request(`http://localhost/api/trpc/${path}?batch=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  it(`run up to ${MAX_TRPC_BATCH} calls and refuse a larger batch with 400 before running any`, async () => {
    const allowed = await trpcPost(batch(MAX_TRPC_BATCH));
    const answers = (await allowed.json()) as unknown[];
    expect(answers).toHaveLength(MAX_TRPC_BATCH);
    const refused = await trpcPost(batch(MAX_TRPC_BATCH + 1));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Batch call exceeds maximum size");
    expect((await trpcPost(batch(1000))).status).toBe(400);
  });
});
