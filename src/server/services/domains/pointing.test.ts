import { afterEach, describe, expect, it } from "vitest";
import { domainPointing, isApexDomain } from "./pointing";

afterEach(() => {
  for (const name of ["CUSTOM_DOMAIN_TARGET", "CUSTOM_DOMAIN_ADDRESSES", "APP_URL"]) delete process.env[name];
});

describe("the records that send a creator's domain here", () => {
  it("tells an apex (registrable) domain from a subdomain, public suffixes included", () => {
    expect(isApexDomain("example.com")).toBe(true);
    expect(isApexDomain("example.co.uk")).toBe(true);
    expect(isApexDomain("links.example.com")).toBe(false);
    expect(isApexDomain("links.example.co.uk")).toBe(false);
  });

  it("a subdomain gets a CNAME to CUSTOM_DOMAIN_TARGET, else to APP_URL's host name", async () => {
    process.env.APP_URL = "https://links.example.net";
    expect(await domainPointing("kim.example.com")).toEqual({
      target: "links.example.net",
      apex: false,
      records: [{ type: "CNAME", name: "kim.example.com", value: "links.example.net" }],
      notice: null,
    });
    process.env.CUSTOM_DOMAIN_TARGET = "Proxy.Example.net";
    expect((await domainPointing("kim.example.com")).records).toEqual([
      { type: "CNAME", name: "kim.example.com", value: "proxy.example.net" },
    ]);
  });

  it("an apex gets A/AAAA records from CUSTOM_DOMAIN_ADDRESSES, never a CNAME", async () => {
    process.env.APP_URL = "https://links.example.net";
    process.env.CUSTOM_DOMAIN_ADDRESSES = "203.0.113.10, 2001:db8::10";
    const pointing = await domainPointing("example.org");
    expect(pointing.apex).toBe(true);
    expect(pointing.records).toEqual([
      { type: "A", name: "example.org", value: "203.0.113.10" },
      { type: "AAAA", name: "example.org", value: "2001:db8::10" },
    ]);
  });

  it("says plainly when the target is a loopback name (APP_URL unset) instead of pointing anyone at localhost", async () => {
    const pointing = await domainPointing("example.org");
    expect(pointing.target).toBe("localhost");
    expect(pointing.records).toEqual([]);
    expect(pointing.notice).toContain("Set CUSTOM_DOMAIN_TARGET (or APP_URL)");
  });
});
