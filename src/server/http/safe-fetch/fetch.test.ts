import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import dns2 from "dns2";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "./address-policy";
import { safeFetch, SafeFetchError } from "./fetch";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Fixture {
  port: number;
  hits: string[];
  handle: (handler: Handler) => void;
  close: () => Promise<void>;
}

/** A local web server that records each request; the test decides each answer. */
async function fixtureServer(): Promise<Fixture> {
  const hits: string[] = [];
  let handler: Handler = (_request, response) => response.end("ok");
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? "");
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    handle: (next) => (handler = next),
    close: () => new Promise((resolve) => server.closeAllConnections() ?? server.close(() => resolve())),
  };
}

/** A DNS server whose A answers for a name follow a script: answer n goes to the n-th query. */
async function scriptedDns(script: Record<string, string[][]>) {
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? "").toLowerCase();
      if (question?.type === dns2.Packet.TYPE.A) {
        asked.push(name);
        const answers = script[name] ?? [];
        const turn = asked.filter((entry) => entry === name).length - 1;
        for (const address of answers[Math.min(turn, answers.length - 1)] ?? []) {
          response.answers.push({ name: question.name, type: dns2.Packet.TYPE.A, class: dns2.Packet.CLASS.IN, ttl: 0, address } as never);
        }
      }
      void send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const { udp } = server.addresses() as { udp: { port: number } };
  return { servers: [`127.0.0.1:${udp.port}`], asked, close: () => server.close() };
}

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

let site: Fixture;
let other: Fixture;
beforeAll(async () => {
  site = await fixtureServer();
  other = await fixtureServer();
});
afterAll(async () => {
  await site.close();
  await other.close();
});
afterEach(() => {
  site.hits.length = 0;
  other.hits.length = 0;
  site.handle((_request, response) => response.end("ok"));
});

const allowSite = () => ({ allowedPrivateHosts: [`127.0.0.1:${site.port}`] });

describe("address policy", () => {
  it.each([
    ["127.0.0.1", false],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["203.0.113.7", false],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["64:ff9b::a00:1", false],
    ["2002:7f00:1::", false],
    ["not an address", false],
    ["93.184.215.14", true],
    ["::ffff:93.184.215.14", true],
    ["2606:4700::1111", true],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("safeFetch", () => {
  it("fetches a host named in the allow-list, literally by host and port", async () => {
    site.handle((_request, response) => response.setHeader("content-type", "text/html").end("<p>hello</p>"));
    const answer = await safeFetch(`http://127.0.0.1:${site.port}/page`, allowSite());
    expect(answer).toMatchObject({ status: 200, contentType: "text/html" });
    expect(answer.body.toString()).toBe("<p>hello</p>");
    // Another port of the same host is not named, so it stays refused.
    expect((await refusal(safeFetch(`http://127.0.0.1:${other.port}/`, allowSite()))).reason).toBe("private_address");
    expect(other.hits).toEqual([]);
  });

  it.each([
    ["127.0.0.1 without the allow-list", () => `http://127.0.0.1:${site.port}/`],
    ["localhost", () => `http://localhost:${site.port}/`],
    ["10.0.0.1", () => "http://10.0.0.1/"],
    ["the metadata address 169.254.169.254", () => "http://169.254.169.254/latest/meta-data/"],
    ["an IPv4-mapped IPv6 loopback", () => `http://[::ffff:127.0.0.1]:${site.port}/`],
    ["IPv6 loopback", () => `http://[::1]:${site.port}/`],
    ["carrier-grade NAT", () => "http://100.64.1.1/"],
  ])("refuses %s before connecting", async (_what, url) => {
    const error = await refusal(safeFetch(url()));
    expect(error.reason).toBe("private_address");
    expect(site.hits).toEqual([]);
  });

  it.each([
    ["ftp", "ftp://example.com/file"],
    ["file", "file:///etc/passwd"],
    ["javascript", "javascript:alert(1)"],
    ["gopher", "gopher://127.0.0.1:70/"],
  ])("refuses the %s scheme", async (_what, url) => {
    expect((await refusal(safeFetch(url))).reason).toBe("scheme");
  });

  it("refuses an address with credentials and text that is no address", async () => {
    expect((await refusal(safeFetch("http://user:pass@example.com/"))).reason).toBe("invalid_url");
    expect((await refusal(safeFetch("not a url"))).reason).toBe("invalid_url");
  });

  it("re-checks every redirect: one to a private address is refused, and that server hears nothing", async () => {
    site.handle((request, response) => {
      const to = request.url === "/to-other" ? `http://127.0.0.1:${other.port}/secret` : "http://10.0.0.1/admin";
      response.writeHead(302, { location: to }).end();
    });
    expect((await refusal(safeFetch(`http://127.0.0.1:${site.port}/to-other`, allowSite()))).reason).toBe("private_address");
    expect((await refusal(safeFetch(`http://127.0.0.1:${site.port}/to-ten`, allowSite()))).reason).toBe("private_address");
    expect(other.hits).toEqual([]);
  });

  it("refuses a redirect to another scheme", async () => {
    site.handle((_request, response) => response.writeHead(301, { location: "file:///etc/passwd" }).end());
    expect((await refusal(safeFetch(`http://127.0.0.1:${site.port}/`, allowSite()))).reason).toBe("scheme");
  });

  it("follows at most 3 redirects (0 for callers that refuse any)", async () => {
    site.handle((request, response) => {
      const step = Number(request.url?.slice(1) || 0);
      if (step < 4) response.writeHead(302, { location: `/${step + 1}` }).end();
      else response.end(`arrived after ${step}`);
    });
    expect((await safeFetch(`http://127.0.0.1:${site.port}/1`, allowSite())).body.toString()).toBe("arrived after 4");
    expect((await refusal(safeFetch(`http://127.0.0.1:${site.port}/0`, allowSite()))).reason).toBe("too_many_redirects");
    expect(site.hits).toEqual(["/1", "/2", "/3", "/4", "/0", "/1", "/2", "/3"]);
    expect((await refusal(safeFetch(`http://127.0.0.1:${site.port}/3`, { ...allowSite(), maxRedirects: 0 }))).reason).toBe(
      "too_many_redirects",
    );
  });

  it("gives up after the deadline", async () => {
    site.handle(() => undefined);
    const started = Date.now();
    expect((await refusal(safeFetch(`http://127.0.0.1:${site.port}/slow`, { ...allowSite(), timeoutMs: 300 }))).reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("cuts a body off past the size limit, declared or streamed", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 97);
    site.handle((request, response) => {
      if (request.url === "/declared") response.setHeader("content-length", big.byteLength);
      response.end(big);
    });
    expect((await refusal(safeFetch(`http://127.0.0.1:${site.port}/declared`, allowSite()))).reason).toBe("too_large");
    expect((await refusal(safeFetch(`http://127.0.0.1:${site.port}/streamed`, allowSite()))).reason).toBe("too_large");
    expect((await safeFetch(`http://127.0.0.1:${site.port}/small`, { ...allowSite(), maxBytes: 4 * 1024 * 1024 })).body.byteLength).toBe(
      big.byteLength,
    );
  });

  it("answers a status outside 2xx as a refusal with the status", async () => {
    site.handle((_request, response) => response.writeHead(404).end("missing"));
    const error = await refusal(safeFetch(`http://127.0.0.1:${site.port}/`, allowSite()));
    expect([error.reason, error.status]).toEqual(["status", 404]);
  });
});

describe("DNS", () => {
  it("checks names after resolution: a name pointing at a private address is refused", async () => {
    const dns = await scriptedDns({ "inside.test": [["127.0.0.1"]], "mixed.test": [["93.184.215.14", "10.0.0.1"]] });
    try {
      expect((await refusal(safeFetch(`http://inside.test:${site.port}/`, { dnsServers: dns.servers }))).reason).toBe("private_address");
      expect((await refusal(safeFetch(`http://mixed.test:${site.port}/`, { dnsServers: dns.servers }))).reason).toBe("private_address");
      expect((await refusal(safeFetch(`http://nowhere.test/`, { dnsServers: dns.servers }))).reason).toBe("dns");
      expect(site.hits).toEqual([]);
    } finally {
      await dns.close();
    }
  });

  it("resolves once and connects to the address it checked, so DNS rebinding cannot swap it", async () => {
    // The first answer is public; every later one points at the local server.
    const dns = await scriptedDns({ "rebind.test": [["93.184.215.14"], ["127.0.0.1"]] });
    try {
      const error = await refusal(safeFetch(`http://rebind.test:${site.port}/secret`, { dnsServers: dns.servers, timeoutMs: 1_000 }));
      expect(["connect", "timeout"]).toContain(error.reason);
      expect(dns.asked.filter((name) => name === "rebind.test")).toHaveLength(1);
      expect(site.hits).toEqual([]);
    } finally {
      await dns.close();
    }
  });

  it("an allowed name may resolve to a private address, and the connection goes to that address", async () => {
    const dns = await scriptedDns({ "fixture.test": [["127.0.0.1"]] });
    try {
      const answer = await safeFetch(`http://fixture.test:${site.port}/named`, {
        dnsServers: dns.servers,
        allowedPrivateHosts: [`fixture.test:${site.port}`],
      });
      expect(answer.body.toString()).toBe("ok");
      expect(site.hits).toEqual(["/named"]);
    } finally {
      await dns.close();
    }
  });
});
