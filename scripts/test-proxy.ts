// npm run test:proxy [-- --port 3160 --https-port 3443 --http-port 3480]
// The app behind a real reverse proxy: Caddy (deploy/Caddyfile, `tls internal`, unprivileged, high
// ports, its data in a temporary folder) in front of two server.ts instances (production build) on a
// scratch PostgreSQL database (beside DATABASE_URL, default the local server; dropped afterwards) and
// Redis (REDIS_URL, default redis://127.0.0.1:6379), with TRUST_PROXY=1 and APP_URL on https. A third
// instance without TRUST_PROXY shows the header is ignored there. Checks go over https through
// Caddy, trusting only Caddy's local root, or straight to one instance's port where it matters
// which one answers. Prints each check as PASS/FAIL; exits non-zero on any failure.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Agent, request } from "undici";
import { type AppProcess, startApp } from "./app-process";
import { benchDatabase, type BenchDatabase } from "./bench-common";
import { buildIfChanged } from "./build-if-changed";
import { checkList, expect } from "./checks";
import { startTestDnsServer, type TestDnsServer } from "./test-dns-server";
import { since, sleep } from "./visitor-traffic";

const { values } = parseArgs({
  options: {
    // The instances take port, port + 1 (behind Caddy) and port + 2 (without TRUST_PROXY).
    port: { type: "string", default: process.env.OPS_PORT ?? "3160" },
    "https-port": { type: "string", default: "3443" },
    "http-port": { type: "string", default: "3480" },
  },
});
const PORT = Number(values.port);
// Caddy asks the instances about custom domains on this loopback port.
const ASK_PORT = PORT + 3;
const HTTPS_PORT = Number(values["https-port"]);
const HTTP_PORT = Number(values["http-port"]);
const ORIGIN = `https://localhost:${HTTPS_PORT}`;
const POSTGRES_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PASSWORD = "Proxy-test-password-1";
const THROTTLED = "Too many failed log-in attempts";

if (!buildIfChanged()) process.exit(1);
const checks = checkList(`Behind Caddy: ${ORIGIN} in front of 127.0.0.1:${PORT} and :${PORT + 1}`);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

interface Send {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
}

async function send(dispatcher: Agent | undefined, url: string, options: Send = {}): Promise<Answer> {
  const response = await request(url, { method: options.method ?? "GET", headers: options.headers, body: options.body, dispatcher });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

const setCookies = (answer: Answer) => [answer.headers["set-cookie"] ?? []].flat();
const cookieNamed = (answer: Answer, suffix: string) => setCookies(answer).find((c) => c.split("=")[0]!.endsWith(suffix));
const cookiePair = (cookie: string) => cookie.split(";")[0]!;
const uniqueEmail = (label: string) => `proxy-${label}-${randomUUID().slice(0, 8)}@example.com`;

function startCaddy(dataHome: string): ChildProcess {
  const caddy = spawn("caddy", ["run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      XDG_DATA_HOME: path.join(dataHome, "data"),
      XDG_CONFIG_HOME: path.join(dataHome, "config"),
      HOME: dataHome,
      SITE_ADDRESS: `localhost:${HTTPS_PORT}`,
      HTTPS_PORT: String(HTTPS_PORT),
      HTTP_PORT: String(HTTP_PORT),
      TLS_ISSUER: "internal",
      UPSTREAMS: `127.0.0.1:${PORT} 127.0.0.1:${PORT + 1}`,
      ASK_PORT: String(ASK_PORT),
    },
    stdio: ["ignore", "ignore", fs.openSync(path.join(dataHome, "caddy.log"), "w")],
  });
  caddy.once("error", (error) =>
    fs.appendFileSync(path.join(dataHome, "caddy.log"), `\ncannot run caddy: ${error.message} (apt-get install caddy)\n`),
  );
  return caddy;
}

/** Waits until Caddy answers over https with a certificate from its own local root. */
async function caddyAgent(dataHome: string, caddy: ChildProcess): Promise<Agent> {
  const rootFile = path.join(dataHome, "data", "caddy", "pki", "authorities", "local", "root.crt");
  const started = performance.now();
  while (since(started) < 30_000) {
    if (caddy.exitCode !== null || caddy.pid === undefined) break;
    if (fs.existsSync(rootFile)) {
      const agent = new Agent({ connect: { ca: fs.readFileSync(rootFile) } });
      try {
        await send(agent, `${ORIGIN}/login`);
        return agent;
      } catch {
        await agent.close();
      }
    }
    await sleep(250);
  }
  throw new Error(`Caddy did not serve https in 30 s:\n${fs.readFileSync(path.join(dataHome, "caddy.log"), "utf8").slice(-2000)}`);
}

/** Next-auth's credentials sign-in, as the browser's signIn() does it; returns the answer that sets the session. */
async function credentialsSignIn(agent: Agent, email: string): Promise<Answer> {
  const csrf = await send(agent, `${ORIGIN}/api/auth/csrf`);
  const csrfCookie = cookieNamed(csrf, "next-auth.csrf-token");
  expect(csrf.status === 200 && csrfCookie, `GET /api/auth/csrf answered ${csrf.status} without a csrf cookie`);
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  return send(agent, `${ORIGIN}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", cookie: cookiePair(csrfCookie) },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, callbackUrl: `${ORIGIN}/dashboard`, json: "true" }).toString(),
  });
}

/** The session cookie a sign-in set must be Secure and HttpOnly, and must resolve to `email`. */
async function expectSecureSession(agent: Agent, signIn: Answer, email: string): Promise<string> {
  const session = cookieNamed(signIn, "next-auth.session-token");
  expect(
    session,
    `no session cookie set (HTTP ${signIn.status}; cookies: ${
      setCookies(signIn)
        .map((c) => c.split("=")[0])
        .join(", ") || "none"
    })`,
  );
  const attributes = session.split(";").map((a) => a.trim().toLowerCase());
  expect(attributes.includes("secure"), `session cookie lacks Secure: ${session.replace(/=[^;]+/, "=…")}`);
  expect(attributes.includes("httponly"), `session cookie lacks HttpOnly: ${session.replace(/=[^;]+/, "=…")}`);
  const me = await send(agent, `${ORIGIN}/api/auth/session`, { headers: { cookie: cookiePair(session) } });
  const user = (JSON.parse(me.text) as { user?: { email?: string } }).user;
  expect(user?.email === email, `the session resolves to ${JSON.stringify(user)} instead of ${email}`);
  return `${session.split("=")[0]}: ${attributes.slice(1).join("; ")}`;
}

/** A REST log-in with a wrong password, from `address` as the one sending X-Forwarded-For. */
async function wrongLogin(
  dispatcher: Agent | undefined,
  base: string,
  email: string,
  address?: string,
): Promise<{ status: number; detail: string }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (address) headers["x-forwarded-for"] = address;
  const answer = await send(dispatcher, `${base}/api/v1/auth/login/`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "wrong-password" }),
  });
  return { status: answer.status, detail: (JSON.parse(answer.text) as { detail?: string }).detail ?? answer.text };
}

/** Five failures lock the email from that address; the sixth attempt must already be refused. */
async function lockOut(dispatcher: Agent | undefined, base: string, email: string, address?: string): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await wrongLogin(dispatcher, base, email, address);
    expect(answer.status === 401, `failed log-in ${attempt} answered ${answer.status} ${answer.detail}`);
  }
  const locked = await wrongLogin(dispatcher, base, email, address);
  expect(locked.status === 429 && locked.detail.startsWith(THROTTLED), `after five failures: ${locked.status} ${locked.detail}`);
}

const isThrottled = (answer: { status: number; detail: string }) => answer.status === 429 && answer.detail.startsWith(THROTTLED);
const describe = (answer: { status: number; detail: string }) => `${answer.status} ${answer.detail}`;

/** An https client for a custom domain: Caddy's local root trusted, the name resolved to this machine. */
function domainAgent(dataHome: string): Agent {
  const ca = fs.readFileSync(path.join(dataHome, "data", "caddy", "pki", "authorities", "local", "root.crt"));
  return new Agent({
    connect: {
      ca,
      lookup: (_hostname, options, callback) =>
        (options as { all?: boolean }).all
          ? (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
              { address: "127.0.0.1", family: 4 },
            ])
          : callback(null, "127.0.0.1", 4),
    },
  });
}

/** Polls `probe` until it holds, for at most a second; returns how long that took. */
async function withinASecond(probe: () => Promise<boolean>, what: string): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    expect(since(started) <= 1000, `${what} not within 1 s`);
    await sleep(25);
  }
  return Math.round(since(started));
}

const dataHome = fs.mkdtempSync(path.join(os.tmpdir(), "linkbio-caddy-"));
let database: BenchDatabase | undefined;
let dns: TestDnsServer | undefined;
let caddy: ChildProcess | undefined;
let agent: Agent | undefined;
const instances: AppProcess[] = [];
try {
  database = await benchDatabase(false, POSTGRES_URL);
  console.log(
    `${database.label}; Redis ${REDIS_URL}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  dns = await startTestDnsServer();
  const env = {
    ...database.env,
    REDIS_URL,
    APP_URL: ORIGIN,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    DOMAIN_DNS_SERVERS: dns.address,
  };
  // Both instances start together, so their migrations meet at the advisory lock.
  const [a, b, untrusting] = await Promise.all([
    startApp({ entry: "server.ts", port: PORT, env: { ...env, TRUST_PROXY: "1" } }),
    startApp({ entry: "server.ts", port: PORT + 1, env: { ...env, TRUST_PROXY: "1" } }),
    startApp({ entry: "server.ts", port: PORT + 2, env: { ...env, TRUST_PROXY: "" } }),
  ]);
  instances.push(a, b, untrusting);
  caddy = startCaddy(dataHome);
  agent = await caddyAgent(dataHome, caddy);
  const https = agent;
  const email = uniqueEmail("owner");
  const slug = `proxy_${randomUUID().slice(0, 8)}`;

  await checks.check("plain http on Caddy's http port redirects to https", async () => {
    const answer = await send(undefined, `http://localhost:${HTTP_PORT}/login`);
    expect(answer.status >= 301 && answer.status <= 308, `answered ${answer.status}`);
    const location = String(answer.headers.location);
    expect(location.startsWith("https://"), `Location: ${location}`);
    return `${answer.status} to ${location}`;
  });

  await checks.check("sign-up over https through Caddy: Secure, HttpOnly session cookie", async () => {
    const registered = await send(https, `${ORIGIN}/api/trpc/auth.register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { email, password: PASSWORD, password_confirm: PASSWORD } }),
    });
    expect(registered.status === 200, `auth.register answered ${registered.status}: ${registered.text.slice(0, 300)}`);
    return expectSecureSession(https, await credentialsSignIn(https, email), email);
  });

  await checks.check("log-in over https through Caddy: Secure, HttpOnly session cookie", async () =>
    expectSecureSession(https, await credentialsSignIn(https, email), email),
  );

  let token = "";
  await checks.check("the account gets a public page (REST log-in and username through Caddy)", async () => {
    const login = await send(https, `${ORIGIN}/api/v1/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status === 200, `REST log-in answered ${login.status}: ${login.text.slice(0, 300)}`);
    token = (JSON.parse(login.text) as { access: string }).access;
    const claimed = await send(https, `${ORIGIN}/api/v1/profiles/update-slug/`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ slug }),
    });
    expect(claimed.status === 200, `update-slug answered ${claimed.status}: ${claimed.text.slice(0, 300)}`);
    const page = await send(https, `${ORIGIN}/u/${slug}`);
    expect(page.status === 200, `/u/${slug} answered ${page.status}`);
    return `/u/${slug}`;
  });

  await checks.check("HSTS on app pages, public pages and the API over https", async () => {
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const pathname of ["/login", `/u/${slug}`, "/api/v1/openapi.json"]) {
      const answer = await send(https, `${ORIGIN}${pathname}`);
      const hsts = String(answer.headers["strict-transport-security"] ?? "");
      const maxAge = Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0);
      if (maxAge <= 0) missing.push(`${pathname} (${hsts || "no header"})`);
      else seen.add(hsts);
    }
    expect(missing.length === 0, `no Strict-Transport-Security with a max-age on ${missing.join(", ")}`);
    return [...seen].join(" | ");
  });

  await checks.check("through Caddy, a client's own X-Forwarded-For is ignored: spoofed addresses share one throttle", async () => {
    const victim = uniqueEmail("spoof");
    await lockOut(https, ORIGIN, victim, "198.51.100.1");
    const spoofed = await wrongLogin(https, ORIGIN, victim, "198.51.100.2");
    expect(isThrottled(spoofed), `a different spoofed address got ${describe(spoofed)}`);
    return `second spoofed address: ${describe(spoofed)}`;
  });

  await checks.check("with TRUST_PROXY, the address is X-Forwarded-For's last entry (the hop Caddy adds)", async () => {
    const victim = uniqueEmail("hop");
    await lockOut(undefined, a.url, victim, "203.0.113.10");
    const other = await wrongLogin(undefined, a.url, victim, "203.0.113.11");
    expect(other.status === 401, `another address was refused: ${describe(other)}`);
    const appended = await wrongLogin(undefined, a.url, victim, "203.0.113.11, 203.0.113.10");
    expect(isThrottled(appended), `"203.0.113.11, 203.0.113.10" (last entry locked) got ${describe(appended)}`);
    const prepended = await wrongLogin(undefined, a.url, victim, "203.0.113.10, 203.0.113.12");
    expect(prepended.status === 401, `"203.0.113.10, 203.0.113.12" (last entry free) got ${describe(prepended)}`);
    return "locked address: 429; another: 401; locked address last: 429; locked address first: 401";
  });

  await checks.check("without TRUST_PROXY, X-Forwarded-For is ignored (the socket address counts)", async () => {
    const victim = uniqueEmail("untrusted");
    await lockOut(undefined, untrusting.url, victim, "203.0.113.20");
    const other = await wrongLogin(undefined, untrusting.url, victim, "203.0.113.21");
    expect(isThrottled(other), `another X-Forwarded-For got ${describe(other)}`);
    return `another X-Forwarded-For: ${describe(other)}`;
  });

  await checks.check("a design change through one instance shows on the other's public page within a second", async () => {
    const color = "#2a9d8f";
    const before = await send(undefined, `${b.url}/u/${slug}`);
    expect(before.status === 200 && !before.text.includes(color), `instance B's page before the change: ${before.status}`);
    const saved = await send(undefined, `${a.url}/api/v1/profiles/design/`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ background_color: color }),
    });
    expect(saved.status === 200, `PUT /profiles/design/ on instance A answered ${saved.status}: ${saved.text.slice(0, 300)}`);
    const written = performance.now();
    for (;;) {
      const page = await send(undefined, `${b.url}/u/${slug}`);
      if (page.text.includes(color)) {
        const elapsed = since(written);
        expect(elapsed <= 1000, `instance B showed it only after ${elapsed} ms`);
        return `instance B showed it ${elapsed} ms after instance A saved it`;
      }
      expect(since(written) <= 1000, "instance B still showed the old design 1 s after instance A saved it");
      await sleep(25);
    }
  });

  await checks.check("a log-in throttle triggered through one instance holds on the other", async () => {
    const victim = uniqueEmail("shared");
    await lockOut(undefined, a.url, victim, "203.0.113.30");
    const onB = await wrongLogin(undefined, b.url, victim, "203.0.113.30");
    expect(isThrottled(onB), `instance B answered ${describe(onB)}`);
    return `instance B: ${describe(onB)}`;
  });

  const domain = `proxy-${randomUUID().slice(0, 8)}.example.test`;
  const onDomain = `https://${domain}:${HTTPS_PORT}`;
  const bearer = () => ({ "content-type": "application/json", authorization: `Bearer ${token}` });
  const asks = (instance: AppProcess) => send(undefined, `${instance.url}/api/v1/domains/allowed/?domain=${domain}`);
  const pageOn = (instance: AppProcess) => send(undefined, `${instance.url}/`, { headers: { host: `${domain}:${HTTPS_PORT}` } });
  const isCreatorsPage = (answer: Answer) => answer.status === 200 && answer.text.includes(`<link rel="canonical" href="${onDomain}/"/>`);

  await checks.check(
    "a custom domain connected and verified through REST (TXT from a test DNS server) is allowed by both instances",
    async () => {
      const connected = await send(https, `${ORIGIN}/api/v1/profiles/me/domain/`, {
        method: "PUT",
        headers: bearer(),
        body: JSON.stringify({ domain }),
      });
      expect(connected.status === 200, `PUT /profiles/me/domain/ answered ${connected.status}: ${connected.text.slice(0, 300)}`);
      const { verification } = JSON.parse(connected.text) as { verification: { name: string; value: string } };
      dns!.setTxt(verification.name, [verification.value]);
      const verified = await send(https, `${ORIGIN}/api/v1/profiles/me/domain/verify/`, { method: "POST", headers: bearer() });
      expect(verified.status === 200, `POST verify answered ${verified.status}: ${verified.text.slice(0, 300)}`);
      expect((JSON.parse(verified.text) as { status: string }).status === "active", `after verify: ${verified.text}`);
      const waited = await withinASecond(
        async () => (await asks(a)).status === 200 && (await asks(b)).status === 200,
        "both instances allowing it",
      );
      return `${domain} active; both instances' ask answered 200 after ${waited} ms`;
    },
  );

  await checks.check(
    "https://<custom domain>/ through Caddy: a certificate on demand, the creator's page from both instances",
    async () => {
      const visitor = domainAgent(dataHome);
      try {
        const statuses: string[] = [];
        for (let i = 0; i < 4; i += 1) {
          const page = await send(visitor, `${onDomain}/`);
          expect(isCreatorsPage(page), `request ${i + 1} through Caddy answered ${page.status} without the canonical ${onDomain}/`);
          expect(setCookies(page).length === 0, `the custom domain set cookies: ${setCookies(page).join("; ")}`);
          statuses.push(String(page.status));
        }
        const login = await send(visitor, `${onDomain}/login`);
        expect(login.status === 404 && setCookies(login).length === 0, `/login on the custom domain answered ${login.status}`);
        for (const instance of [a, b]) {
          const page = await pageOn(instance);
          expect(isCreatorsPage(page), `instance ${instance.url} answered ${page.status} for Host ${domain}`);
        }
        return `through Caddy: ${statuses.join(", ")}; straight to each instance: 200, 200; /login: 404`;
      } finally {
        await visitor.close();
      }
    },
  );

  await checks.check(
    "a removed custom domain is refused at once by both instances, and a never-connected one gets no certificate",
    async () => {
      const removed = await send(https, `${ORIGIN}/api/v1/profiles/me/domain/`, { method: "DELETE", headers: bearer() });
      expect(removed.status === 204, `DELETE answered ${removed.status}: ${removed.text.slice(0, 300)}`);
      const waited = await withinASecond(
        async () =>
          (await asks(a)).status === 404 &&
          (await asks(b)).status === 404 &&
          !isCreatorsPage(await pageOn(a)) &&
          !isCreatorsPage(await pageOn(b)),
        "both instances refusing it",
      );
      const visitor = domainAgent(dataHome);
      try {
        const page = await send(visitor, `${onDomain}/`);
        expect(!isCreatorsPage(page), "Caddy still served the creator's page on the removed domain");
        const stranger = `never-${randomUUID().slice(0, 8)}.example.test`;
        const refused = await send(visitor, `https://${stranger}:${HTTPS_PORT}/`).then(
          (answer) => `answered ${answer.status}`,
          (error: unknown) =>
            error instanceof Error ? `refused (${(error.cause as Error | undefined)?.message ?? error.message})` : "refused",
        );
        expect(refused.startsWith("refused"), `a handshake for ${stranger} ${refused}`);
        return `both instances' ask 404 after ${waited} ms; the removed domain no longer shows the page; ${stranger}: ${refused}`;
      } finally {
        await visitor.close();
      }
    },
  );

  await checks.check("with one instance stopped, Caddy keeps serving every request from the other", async () => {
    const code = await a.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await send(https, `${ORIGIN}/u/${slug}`)).status);
    expect(
      statuses.every((status) => status === 200),
      `answers after stopping instance A: ${statuses.join(", ")}`,
    );
    return `instance A exited ${code}; six requests: ${statuses.join(", ")}`;
  });
} catch (error) {
  await checks.check("the set-up (database, three instances, Caddy) came up", () =>
    Promise.reject(error instanceof Error ? error : new Error(String(error))),
  );
} finally {
  await agent?.close();
  caddy?.kill("SIGTERM");
  await Promise.all(instances.map((instance) => instance.stop(5_000)));
  await database?.cleanup();
  await dns?.close();
  fs.rmSync(dataHome, { recursive: true, force: true });
}
checks.finish();
