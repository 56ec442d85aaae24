import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PNG as PngFile } from "pngjs";
import { GET as ownQrFile } from "@/app/api/share/qr/route";
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

/** An owner signed in over REST: the access token works for tRPC and /api/share/qr as the web session does. */
async function signedInOwner() {
  const owner = await pageOwner();
  const login = await handleRestRequest(
    new Request("http://localhost/api/v1/auth/login/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    }),
  );
  const { access } = (await login.json()) as { access: string };
  const file = (query: string, from = address()) =>
    ownQrFile(
      new Request(`http://localhost/api/share/qr?${query}`, { headers: { authorization: `Bearer ${access}`, [CLIENT_IP_HEADER]: from } }),
    );
  const trpcBatch = (calls: number, size = 512) => {
    const path = Array.from({ length: calls }, () => "share.myQrCode").join(",");
    const input = Object.fromEntries(Array.from({ length: calls }, (_, index) => [index, { json: { format: "png", size } }]));
    return trpcPost(
      new Request(`http://localhost/api/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`, {
        method: "GET",
        headers: { authorization: `Bearer ${access}`, [CLIENT_IP_HEADER]: address() },
      }),
    );
  };
  return { ...owner, file, trpcBatch };
}

describe("the owner's QR codes", () => {
  it(`come inside JSON only up to ${512} pixels; larger ones are refused there and served as files`, async () => {
    const owner = await signedInOwner();
    await expect(owner.caller.share.myQrCode({ format: "png", size: 513 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(owner.caller.share.myQrCode({ format: "svg", size: 2048 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await owner.caller.share.myQrCode({ format: "png", size: 512 })).content_type).toBe("image/png");

    const response = await owner.file("format=png&size=2048&colors=page");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${owner.profile.slug}-qr-2048.png"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const image = PngFile.sync.read(Buffer.from(await response.arrayBuffer()));
    expect([image.width, image.height]).toEqual([2048, 2048]);
    const svg = await owner.file("format=svg&size=1024");
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toMatch(/^<svg[^>]* width="1024" height="1024"/);
  });

  it("as files refuse hostile queries with 400 naming the field, and strangers with 401", async () => {
    const owner = await signedInOwner();
    const rows = [
      ["size=4096", "size"],
      ["size=127", "size"],
      ["size=12.5", "size"],
      ["size=-512", "size"],
      ["size=abc", "size"],
      ["size=99999999999999999999", "size"],
      ["size=", "size"],
      ["format=gif", "format"],
      ["format=svg%00", "format"],
      ["colors=%3Cscript%3E", "colors"],
    ] as const;
    for (const [query, field] of rows) {
      const response = await owner.file(query);
      expect(response.status, query).toBe(400);
      expect(Object.keys((await response.json()) as object), query).toEqual([field]);
    }
    const stranger = await ownQrFile(new Request("http://localhost/api/share/qr?format=png"));
    expect(stranger.status).toBe(401);
    const forged = await ownQrFile(new Request("http://localhost/api/share/qr", { headers: { authorization: "Bearer forged" } }));
    expect(forged.status).toBe(401);
  });

  it("count per account, cached or not, from any address and both ways, in parallel: 429 with Retry-After past the limit", async () => {
    useCostlyLimit(4);
    const owner = await signedInOwner();
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => owner.file("format=png&size=2048")),
      ...Array.from({ length: 5 }, () =>
        owner.caller.share.myQrCode({ format: "svg" }).then(
          () => 200,
          (error: { code: string }) => error.code,
        ),
      ),
    ]);
    const statuses = answers.map((answer) => (typeof answer === "object" ? answer.status : answer));
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429 || status === "TOO_MANY_REQUESTS")).toHaveLength(6);
    const refused = answers.find((answer): answer is Response => typeof answer === "object" && answer.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/^Too many QR code requests for your account\./);
    // Another account is counted on its own.
    expect((await (await signedInOwner()).file("format=svg")).status).toBe(200);
  });

  it("in one tRPC batch count one each: a batch of 25 gets the limit's worth and TOO_MANY_REQUESTS for the rest", async () => {
    useCostlyLimit(10);
    const owner = await signedInOwner();
    const answers = (await (await owner.trpcBatch(25)).json()) as { result?: unknown; error?: { json: { data: { code: string } } } }[];
    expect(answers.filter((answer) => answer.result)).toHaveLength(10);
    expect(answers.filter((answer) => answer.error?.json.data.code === "TOO_MANY_REQUESTS")).toHaveLength(15);
    const large = (await (await owner.trpcBatch(2, 2048)).json()) as { error?: { json: { data: { code: string } } } }[];
    expect(large.map((answer) => answer.error?.json.data.code)).toEqual(["BAD_REQUEST", "BAD_REQUEST"]);
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
