import { describe, expect, it } from "vitest";
import { usesSecureCookies } from "./secure-cookies";

const proto = (value: string) => new Headers({ "x-forwarded-proto": value });

describe("Secure session cookies", () => {
  it("are used when the public origin is https", () => {
    expect(usesSecureCookies(new Headers(), { APP_URL: "https://links.example" })).toBe(true);
    expect(usesSecureCookies(new Headers(), { APP_URL: "http://localhost:3000" })).toBe(false);
  });

  it("follow X-Forwarded-Proto only from a trusted proxy", () => {
    expect(usesSecureCookies(proto("https"), { APP_URL: "http://localhost:3000", TRUST_PROXY: "1" })).toBe(true);
    expect(usesSecureCookies(proto("https, http"), { TRUST_PROXY: "1" })).toBe(true);
    expect(usesSecureCookies(proto("http"), { TRUST_PROXY: "1" })).toBe(false);
    expect(usesSecureCookies(proto("https"), { APP_URL: "http://localhost:3000" })).toBe(false);
  });
});
