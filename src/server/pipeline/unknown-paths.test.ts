import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadRateLimits } from "@/server/services/rate-limit/limits";
import { createAppServer } from "./request-pipeline";

/** The real pipeline behind a trusted proxy, in front of a stand-in for Next that knows one path. */

let server: Server;
let base: string;
const reached: string[] = [];
const saved = { ...process.env };

function likeNext(request: IncomingMessage, response: ServerResponse): void {
  reached.push(request.url ?? "");
  const known = request.url === "/login";
  response.writeHead(known ? 200 : 404, { "content-type": "text/plain" }).end(known ? "Log in" : "Not found");
}

beforeAll(async () => {
  Object.assign(process.env, { RATE_LIMIT_COSTLY_PER_MINUTE: "3", RATE_LIMIT_PREFIX: `unknown-${randomUUID().slice(0, 8)}` });
  delete process.env.REDIS_URL;
  reloadRateLimits();
  server = createAppServer(likeNext, true);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  process.env = { ...saved };
  reloadRateLimits();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = (path: string, from: string) => fetch(`${base}${path}`, { headers: { "x-forwarded-for": from } });

describe("paths the app does not know", () => {
  it("count per client address (an IPv6 /64 as one); past the limit the address is answered 429 before Next", async () => {
    for (let i = 0; i < 3; i++) expect((await get(`/no/such/${i}`, `2001:db8:77:1::${i + 1}`)).status).toBe(404);
    const before = reached.length;
    const refused = await get("/no/such/again", "2001:db8:77:1::99");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toMatch(/^Too many requests for unknown pages from your network\. Please try again in \d+ seconds?\.$/);
    expect((await get("/login", "2001:db8:77:1::5")).status).toBe(429);
    expect(reached.length, "Next never saw them").toBe(before);
    expect((await get("/no/such/path", "2001:db8:77:2::1")).status).toBe(404);
  });

  it("never count pages that exist", async () => {
    for (let i = 0; i < 6; i++) expect((await get("/login", "203.0.113.40")).status).toBe(200);
  });
});
