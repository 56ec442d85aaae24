import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { TRPCError } from "@trpc/server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrorsOf } from "@/server/api/errors";
import { db, getDatabase } from "@/server/db/client";
import { handleRestRequest } from "@/server/rest/handler";
import { recheckActiveDomains, verificationName } from "@/server/services/domains/custom-domains";
import { lookupTxt } from "@/server/services/domains/dns";
import { servedDomain, servedDomainsSettled, startServingDomains } from "@/server/services/domains/served-domains";
import { flushAnalytics } from "@/server/services/analytics/ingest";
import { startTestDnsServer, type TestDnsServer } from "../../scripts/test-dns-server";
import { registeredUser, signedIn } from "./helpers";
import { startPublicServer, type PublicServer } from "./public-server";

let dns: TestDnsServer;
let server: PublicServer;

beforeAll(async () => {
  dns = await startTestDnsServer();
  process.env.DOMAIN_DNS_SERVERS = dns.address;
  server = await startPublicServer();
  startServingDomains(db);
  await servedDomainsSettled();
});

afterAll(async () => {
  await server.close();
  await dns.close();
  await flushAnalytics();
});

const uniqueDomain = (label: string) => `${label}-${randomUUID().slice(0, 8)}.example.com`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request as a browser on `host` sends it (fetch cannot set Host). */
function visit(
  path: string,
  host: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, path, method: options.method ?? "GET", headers: { host, ...options.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

async function rest(method: string, path: string, access: string, body?: unknown) {
  const headers = new Headers({ authorization: `Bearer ${access}` });
  if (body !== undefined) headers.set("content-type", "application/json");
  const response = await handleRestRequest(
    new Request(`http://localhost/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

/** A creator with a public page, a link, and a REST access token. */
async function creator(label: string) {
  const user = await registeredUser(label);
  const slug = `${label}_${randomUUID().slice(0, 8)}`;
  const profile = await user.caller.profile.updateSlug({ slug });
  await user.caller.profile.updateMe({ display_name: `${label} page` });
  const link = await user.caller.link.create({ title: `${label} link`, url: "https://example.com" });
  const { access } = signedIn(await user.caller.auth.login({ email: user.email, password: user.password }));
  return { ...user, slug, profileId: profile.id, link, access };
}

/** Connects and verifies a domain through REST, its TXT record published on the test DNS server. */
async function activeDomain(owner: Awaited<ReturnType<typeof creator>>, domain = uniqueDomain(owner.slug.split("_")[0]!)) {
  const connected = await rest("PUT", "/profiles/me/domain/", owner.access, { domain });
  const verification = connected.body!.verification as { name: string; value: string };
  dns.setTxt(verification.name, [verification.value]);
  const verified = await rest("POST", "/profiles/me/domain/verify/", owner.access);
  expect(verified.status).toBe(200);
  await servedDomainsSettled();
  return domain;
}

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string; fields: Record<string, string[]> }> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const trpcError = error as TRPCError;
  return { code: trpcError.code, message: trpcError.message, fields: fieldErrorsOf(trpcError.cause) ?? {} };
}

describe("connecting a domain", () => {
  it("answers the documented shape over REST: pending, a TXT record at _linkbio.<domain>, no verified_at", async () => {
    const alice = await creator("alice");
    const domain = uniqueDomain("alice");
    expect((await rest("GET", "/profiles/me/domain/", alice.access)).status).toBe(404);
    const answer = await rest("PUT", "/profiles/me/domain/", alice.access, { domain });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body!).sort()).toEqual(["created_at", "domain", "status", "verification", "verified_at"]);
    expect(answer.body).toMatchObject({
      domain,
      status: "pending",
      verified_at: null,
      verification: { type: "TXT", name: `_linkbio.${domain}` },
    });
    expect((answer.body!.verification as { value: string }).value).toMatch(/^linkbio-verify-[0-9a-f]{40}$/);
    expect((await rest("GET", "/profiles/me/domain/", alice.access)).body).toEqual(answer.body);
  });

  it.each([
    ["  Links.Example.COM.  ", "links.example.com"],
    ["BÜCHER.example", "xn--bcher-kva.example"],
    ["münchen.de.", "xn--mnchen-3ya.de"],
    ["a.b.c.example.org", "a.b.c.example.org"],
    ["xn--bcher-kva.example", "xn--bcher-kva.example"],
  ])("normalises %j to %j", async (typed, stored) => {
    const user = await creator("norm");
    expect((await user.caller.domain.connect({ domain: typed })).domain).toBe(stored);
  });

  // null: refused by the rule every input passes first (NUL characters), in its own words.
  const HOSTILE: [string, unknown, string | null][] = [
    ["an IPv4 address", "192.0.2.10", "Enter a domain name, not an IP address."],
    ["a short IPv4 form", "127.1", "Enter a domain name, not an IP address."],
    ["a hex address", "0x7f.0.0.1", "Enter a domain name, not an IP address."],
    ["an IPv6 address", "[::1]", "Enter a domain name, not an IP address."],
    ["bare IPv6", "2001:db8::1", "Enter a domain name, not an IP address."],
    ["localhost", "localhost", "Enter a full domain such as links.example.com."],
    ["a localhost name", "app.localhost", "Enter a full domain such as links.example.com."],
    ["one label", "example", "Enter a full domain such as links.example.com."],
    ["a port", "links.example.com:8443", "Enter the domain without a port."],
    ["a path", "links.example.com/page", "Enter the domain only, without a path."],
    ["a query", "links.example.com?x=1", "Enter the domain only, without a path."],
    ["a scheme", "https://links.example.com", "Enter the domain without http:// or https://."],
    ["a javascript: scheme", "javascript://alert(1)", "Enter the domain without http:// or https://."],
    ["a label over 63 characters", `${"a".repeat(64)}.example.com`, "Each part of a domain can be at most 63 characters."],
    ["over 253 characters", `${Array.from({ length: 5 }, () => "a".repeat(60)).join(".")}.com`, "A domain can be at most 253 characters."],
    ["an underscore", "my_site.example.com", "Enter a valid domain such as links.example.com."],
    ["a leading hyphen", "-links.example.com", "Enter a valid domain such as links.example.com."],
    ["an empty label", "links..example.com", "Enter a valid domain such as links.example.com."],
    ["a wildcard", "*.example.com", "Enter a valid domain such as links.example.com."],
    ["credentials", "user@links.example.com", "Enter a valid domain such as links.example.com."],
    ["spaces inside", "links example.com", "Enter a valid domain such as links.example.com."],
    ["a NUL character", "links\u0000.example.com", null],
    ["blank", "   ", "Enter a domain such as links.example.com."],
    ["a number", 42, "Enter a domain such as links.example.com."],
    ["the app's own host", "localhost.", "Enter a full domain such as links.example.com."],
  ];

  it.each(HOSTILE)("refuses %s with a field error and stores nothing", async (_name, domain, message) => {
    const user = await creator("hostile");
    const { code, fields } = await refusal(user.caller.domain.connect({ domain } as never));
    expect(code).toBe("BAD_REQUEST");
    if (message) expect(fields.domain).toContain(message);
    else expect(fields.domain).toHaveLength(1);
    expect(await user.caller.domain.mine()).toBeNull();
  });

  it("refuses the app's own host and its subdomains (APP_URL)", async () => {
    const user = await creator("apphost");
    process.env.APP_URL = "https://links.example.net";
    try {
      for (const domain of ["links.example.net", "alice.links.example.net"]) {
        const { fields } = await refusal(user.caller.domain.connect({ domain }));
        expect(fields.domain).toEqual(["This is the app's own address. Enter a domain of your own."]);
      }
      expect((await user.caller.domain.connect({ domain: "example.net" })).status).toBe("pending");
    } finally {
      delete process.env.APP_URL;
    }
  });

  it("refuses unknown fields and non-object bodies over REST", async () => {
    const user = await creator("restbody");
    expect((await rest("PUT", "/profiles/me/domain/", user.access, { domain: "a.example.com", extra: 1 })).status).toBe(400);
    expect((await rest("PUT", "/profiles/me/domain/", user.access, ["a.example.com"])).status).toBe(400);
    const refused = await rest("PUT", "/profiles/me/domain/", user.access, { domain: "https://a.example.com/x" });
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({ domain: ["Enter the domain without http:// or https://."] }) as unknown,
    });
    expect((await rest("GET", "/profiles/me/domain/", user.access)).status).toBe(404);
  });

  it("replaces a pending domain, keeps the token for the same domain and profile, and gives every profile its own token", async () => {
    const bob = await creator("bob");
    const carol = await creator("carol");
    const first = uniqueDomain("bob");
    const second = uniqueDomain("bob2");
    const a = await bob.caller.domain.connect({ domain: first });
    const b = await bob.caller.domain.connect({ domain: second });
    expect(b.domain).toBe(second);
    expect(b.verification.value).not.toBe(a.verification.value);
    const again = await bob.caller.domain.connect({ domain: first });
    expect(again.verification.value).toBe(a.verification.value);
    const carols = await carol.caller.domain.connect({ domain: first });
    expect(carols.status).toBe("pending");
    expect(carols.verification.value).not.toBe(a.verification.value);
  });
});

describe("verifying through DNS", () => {
  it("activates the domain when the TXT record holds the token", async () => {
    const dave = await creator("dave");
    const domain = uniqueDomain("dave");
    const { verification } = await dave.caller.domain.connect({ domain });
    dns.setTxt(verification.name, ["v=spf1 -all", verification.value]);
    const verified = await rest("POST", "/profiles/me/domain/verify/", dave.access);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ domain, status: "active" });
    expect(typeof verified.body!.verified_at).toBe("string");
    await servedDomainsSettled();
    expect(servedDomain(domain)?.slug).toBe(dave.slug);
  });

  it("says which record it looked for when the record is missing, and the domain stays pending", async () => {
    const erin = await creator("erin");
    const domain = uniqueDomain("erin");
    await erin.caller.domain.connect({ domain });
    const answer = await rest("POST", "/profiles/me/domain/verify/", erin.access);
    expect(answer.status).toBe(400);
    expect(answer.body!.detail).toContain(`No TXT record found at _linkbio.${domain}.`);
    expect((await erin.caller.domain.mine())?.status).toBe("pending");
    expect(servedDomain(domain)).toBeUndefined();
  });

  it("refuses a record with another value", async () => {
    const fay = await creator("fay");
    const domain = uniqueDomain("fay");
    const { verification } = await fay.caller.domain.connect({ domain });
    dns.setTxt(verification.name, ["linkbio-verify-someone-else"]);
    const { code, message } = await refusal(fay.caller.domain.verify());
    expect(code).toBe("BAD_REQUEST");
    expect(message).toBe(
      `The TXT record at _linkbio.${domain} does not hold ${verification.value}. Change its value to ${verification.value}, then verify again.`,
    );
    expect((await fay.caller.domain.mine())?.status).toBe("pending");
  });

  it("gives up after 5 seconds when DNS does not answer", { timeout: 20_000 }, async () => {
    const gus = await creator("gus");
    const domain = uniqueDomain("gus");
    await gus.caller.domain.connect({ domain });
    dns.silence(verificationName(domain));
    const { message } = await refusal(gus.caller.domain.verify());
    expect(message).toBe(
      `DNS did not answer within 5 seconds when looking up the TXT record at _linkbio.${domain}. Please try again in a moment.`,
    );
    expect((await gus.caller.domain.mine())?.status).toBe("pending");
    dns.silence(verificationName(domain), false);
  });

  it("reads TXT records longer than one DNS string, joined", async () => {
    const name = `_linkbio.${uniqueDomain("long")}`;
    dns.setTxt(name, ["x".repeat(300)]);
    expect(await lookupTxt(name)).toEqual({ outcome: "found", values: ["x".repeat(300)] });
  });

  it("lets the first profile to verify have the domain; the other cannot claim or verify it", async () => {
    const hal = await creator("hal");
    const ivy = await creator("ivy");
    const domain = uniqueDomain("shared");
    const ivys = await ivy.caller.domain.connect({ domain });
    await activeDomain(hal, domain);
    dns.setTxt(ivys.verification.name, [ivys.verification.value]);
    const { message } = await refusal(ivy.caller.domain.verify());
    expect(message).toBe("This domain is already connected to another page.");
    const jon = await creator("jon");
    const { fields } = await refusal(jon.caller.domain.connect({ domain }));
    expect(fields.domain).toEqual(["This domain is already connected to another page."]);
    expect(servedDomain(domain)?.profileId).toBe(hal.profileId);
  });
});

describe("a request whose Host is a custom domain", () => {
  it("gets the page at / from the same renderer, with canonical, og:url and the share image on that domain, and no cookie", async () => {
    const kim = await creator("kim");
    const domain = await activeDomain(kim);
    const page = await visit("/", domain, { headers: { cookie: "next-auth.session-token=anything" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("kim page");
    expect(page.body).toContain(`<link rel="canonical" href="http://${domain}:3000/"/>`);
    expect(page.body).toContain(`<meta property="og:url" content="http://${domain}:3000/"/>`);
    expect(page.body).toMatch(new RegExp(`<meta property="og:image" content="http://${domain.replace(/\./g, "\\.")}:3000/og\\.png\\?v=`));
    expect(page.headers["set-cookie"]).toBeUndefined();
    expect(page.headers["content-security-policy"]).toContain("script-src");
    const appPage = await visit(`/u/${kim.slug}`, "localhost:3000");
    expect(appPage.body).toContain(`<link rel="canonical" href="http://localhost:3000/${kim.slug}"/>`);
    // Cached now for the app's host; the custom domain still serves only its own routes.
    expect((await visit(`/u/${kim.slug}`, domain)).status).toBe(404);
    expect((await visit(`/${kim.slug}`, domain)).status).toBe(404);

    const stylesheet = /href="(\/_lb\/profile\.[0-9a-f]+\.css)"/.exec(page.body)![1]!;
    const script = /src="(\/_lb\/page\.[0-9a-f]+\.js)"/.exec(page.body)![1]!;
    for (const path of [stylesheet, script, "/favicon.ico", "/og.png"]) expect((await visit(path, domain)).status, path).toBe(200);

    const click = await visit(`/api/v1/links/${kim.link.id}/click/`, domain, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120" },
      body: "{}",
    });
    expect(click.status).toBe(204);
    const other = await creator("otherlink");
    expect((await visit(`/api/v1/links/${other.link.id}/click/`, domain, { method: "POST", body: "{}" })).status).toBe(404);
  });

  it.each([
    "/login",
    "/dashboard",
    "/register",
    "/api/trpc/profile.me",
    "/api/auth/session",
    "/api/auth/csrf",
    "/api/v1/profiles/me/domain/",
    "/api/v1/openapi.json",
    "/api/v1/domains/allowed/?domain=x.example.com",
    "/u/someone",
    "/someone",
    "/docs/api",
    "/_next/static/x.js",
    "/api/assets/" + "0".repeat(64),
  ])("answers %s with 404 and no cookie", async (path) => {
    const lee = await creator("lee");
    const domain = await activeDomain(lee);
    for (const method of ["GET", "POST"]) {
      const answer = await visit(path, domain, { method, headers: { cookie: "next-auth.session-token=x; next-auth.csrf-token=y" } });
      expect(answer.status).toBe(404);
      expect(answer.headers["x-left-to"]).toBeUndefined();
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("is served exactly as today while pending, and once removed, at once", async () => {
    const max = await creator("max");
    const domain = uniqueDomain("max");
    await max.caller.domain.connect({ domain });
    const pending = await visit("/", domain);
    expect(pending.headers["x-left-to"]).toBe("next");
    const pendingPage = await visit(`/u/${max.slug}`, domain);
    expect(pendingPage.body).toContain(`<link rel="canonical" href="http://localhost:3000/${max.slug}"/>`);

    await activeDomain(max, domain);
    expect((await visit("/", domain)).status).toBe(200);
    expect((await rest("DELETE", "/profiles/me/domain/", max.access)).status).toBe(204);
    expect(servedDomain(domain)).toBeUndefined();
    expect((await visit("/", domain)).headers["x-left-to"]).toBe("next");
    expect((await rest("GET", "/profiles/me/domain/", max.access)).status).toBe(404);
    expect((await rest("DELETE", "/profiles/me/domain/", max.access)).status).toBe(404);
  });

  it("follows a slug change", async () => {
    const ned = await creator("ned");
    const domain = await activeDomain(ned);
    await ned.caller.profile.updateSlug({ slug: `${ned.slug}x` });
    await servedDomainsSettled();
    expect(servedDomain(domain)?.slug).toBe(`${ned.slug}x`);
    expect((await visit("/", domain)).body).toContain("ned page");
  });
});

describe("Caddy's ask: GET /api/v1/domains/allowed/", () => {
  it("answers 200 for an active domain, 404 for pending or unknown ones and 400 for malformed ones", async () => {
    const oli = await creator("oli");
    const active = await activeDomain(oli);
    const pam = await creator("pam");
    const pending = uniqueDomain("pam");
    await pam.caller.domain.connect({ domain: pending });
    const ask = (query: string, method = "GET") => visit(`/api/v1/domains/allowed/${query}`, "localhost:3000", { method });
    expect(await ask(`?domain=${active.toUpperCase()}`)).toMatchObject({ status: 200, body: JSON.stringify({ domain: active }) });
    expect((await visit(`/api/v1/domains/allowed?domain=${active}`, "localhost:3000")).status).toBe(200);
    expect((await ask(`?domain=${pending}`)).status).toBe(404);
    expect((await ask(`?domain=${uniqueDomain("nobody")}`)).status).toBe(404);
    for (const query of [
      "",
      "?domain=",
      "?domain=127.0.0.1",
      "?domain=a%20b.com",
      "?domain=x.com&domain=y.com",
      "?domain=a.com&other=1",
      "?domain=localhost",
    ]) {
      const answer = await ask(query);
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(answer.body)).toHaveProperty("detail");
    }
    expect((await ask(`?domain=${active}`, "POST")).status).toBe(405);
  });
});

describe("nobody takes another's domain", () => {
  it("frees a domain when its profile is deleted, and when its account is deleted", async () => {
    const quin = await creator("quin");
    const second = await quin.caller.profile.create({ display_name: "Quin two", slug: `quin2_${randomUUID().slice(0, 8)}` });
    await quin.caller.profile.switch({ id: second.id });
    const domain = await activeDomain(quin);
    await quin.caller.profile.delete({ id: second.id });
    await servedDomainsSettled();
    expect(servedDomain(domain)).toBeUndefined();
    expect(await db().customDomain.count({ where: { domain } })).toBe(0);

    const rex = await creator("rex");
    const domain2 = await activeDomain(rex);
    await rex.caller.auth.deleteAccount();
    await servedDomainsSettled();
    expect(servedDomain(domain2)).toBeUndefined();
    const sam = await creator("sam");
    await activeDomain(sam, domain2);
    expect(servedDomain(domain2)?.profileId).toBe(sam.profileId);
  });
});

describe("the daily re-check, with a fixed clock", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("keeps a domain whose record is seen, and sends one missing 7 days in a row back to pending", { timeout: 30_000 }, async () => {
    const kept = await creator("kept");
    const lost = await creator("lost");
    const flaky = await creator("flaky");
    const keptDomain = await activeDomain(kept);
    const lostDomain = await activeDomain(lost);
    const flakyDomain = await activeDomain(flaky);
    const t0 = Date.now() + 365 * DAY;
    const at = (days: number) => new Date(t0 + days * DAY);
    dns.setTxt(verificationName(lostDomain), null);
    dns.setTxt(verificationName(flakyDomain), null);

    await recheckActiveDomains(db(), at(1));
    expect((await lost.caller.domain.mine())?.status).toBe("active");
    expect((await db().customDomain.findUnique({ where: { profile_id: lost.profileId } }))?.missing_since).toEqual(at(1));

    const flakyRecord = (await flaky.caller.domain.mine())!.verification;
    dns.setTxt(flakyRecord.name, [flakyRecord.value]);
    await recheckActiveDomains(db(), at(3));
    dns.setTxt(flakyRecord.name, null);
    await recheckActiveDomains(db(), at(5));
    await recheckActiveDomains(db(), at(7));
    expect((await lost.caller.domain.mine())?.status).toBe("active");

    // DNS that does not answer proves nothing either way.
    dns.silence(verificationName(keptDomain));
    const summary = await recheckActiveDomains(db(), at(8));
    dns.silence(verificationName(keptDomain), false);
    expect(summary.deactivated).toContain(lostDomain);
    expect(summary.deactivated).not.toContain(flakyDomain);
    expect(summary.deactivated).not.toContain(keptDomain);
    await servedDomainsSettled();
    expect(await lost.caller.domain.mine()).toMatchObject({ status: "pending", verified_at: null });
    expect(servedDomain(lostDomain)).toBeUndefined();
    expect((await visit("/", lostDomain)).headers["x-left-to"]).toBe("next");
    expect(servedDomain(flakyDomain)).toBeDefined();
    expect((await kept.caller.domain.mine())?.status).toBe("active");

    await recheckActiveDomains(db(), at(12));
    expect((await flaky.caller.domain.mine())?.status).toBe("pending");
    expect((await kept.caller.domain.mine())?.status).toBe("active");
  });
});

// PGlite has one process and no other instance to hear from; this is about PostgreSQL's triggers and LISTEN.
describe.skipIf(!process.env.TEST_DATABASE_URL)("other instances (PostgreSQL)", () => {
  it("hear of a domain's activation and removal from the database's trigger, with no write through this instance", async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const stopListening = await getDatabase().listen();
    try {
      const tia = await creator("tia");
      const domain = uniqueDomain("tia");
      await tia.caller.domain.connect({ domain });
      await servedDomainsSettled();
      // As another instance's verify would write it.
      await admin.query(`UPDATE "CustomDomain" SET status = 'active', active_domain = domain, verified_at = now() WHERE profile_id = $1`, [
        tia.profileId,
      ]);
      await eventually(() => servedDomain(domain)?.profileId === tia.profileId);
      expect((await visit("/", domain)).status).toBe(200);
      await admin.query(`DELETE FROM "CustomDomain" WHERE profile_id = $1`, [tia.profileId]);
      await eventually(() => servedDomain(domain) === undefined);
      expect((await visit("/", domain)).headers["x-left-to"]).toBe("next");
    } finally {
      await stopListening();
      await admin.end();
    }
  });
});

async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the instance that verifies or removes a domain", () => {
  it("routes it (and answers Caddy's ask) as soon as its own answer returns", async () => {
    const owner = await creator("instant");
    const domain = uniqueDomain("instant");
    const connected = await rest("PUT", "/profiles/me/domain/", owner.access, { domain });
    const verification = connected.body!.verification as { name: string; value: string };
    dns.setTxt(verification.name, [verification.value]);
    expect((await rest("POST", "/profiles/me/domain/verify/", owner.access)).status).toBe(200);
    // No waiting for the change notice: the answer above came after this instance applied it.
    expect(servedDomain(domain)?.slug).toBe(owner.slug);
    expect((await visit(`/api/v1/domains/allowed/?domain=${domain}`, "localhost:3000")).status).toBe(200);
    expect((await rest("DELETE", "/profiles/me/domain/", owner.access)).status).toBe(204);
    expect(servedDomain(domain)).toBeUndefined();
    expect((await visit(`/api/v1/domains/allowed/?domain=${domain}`, "localhost:3000")).status).not.toBe(200);
  });
});
