import { describe, expect, it } from "vitest";
import { appOrigin, AppUrlError, checkAppUrl } from "./app-origin";

describe("APP_URL", () => {
  it("is required exactly where AUTH_SECRET is: production on PostgreSQL", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgresql://db/linkbio" };
    expect(() => checkAppUrl(production)).toThrow(AppUrlError);
    expect(() => checkAppUrl(production)).toThrow(/Missing required setting: APP_URL/);
    expect(() => checkAppUrl({ ...production, APP_URL: "https://links.example.com" })).not.toThrow();
    expect(() => checkAppUrl({ NODE_ENV: "production" })).not.toThrow();
    expect(() => checkAppUrl({ DATABASE_URL: "postgresql://db/linkbio" })).not.toThrow();
  });

  it("must be an http(s) origin without a path", () => {
    for (const value of ["links.example.com", "ftp://links.example.com", "https://links.example.com/app", "https://x.example?a=1"]) {
      expect(() => checkAppUrl({ APP_URL: value }), value).toThrow(AppUrlError);
    }
    expect(() => checkAppUrl({ APP_URL: "https://links.example.com/" })).not.toThrow();
  });

  it("gives the origin absolute URLs start with: APP_URL, else this server on localhost", () => {
    expect(appOrigin({ APP_URL: "https://links.example.com/" })).toBe("https://links.example.com");
    expect(appOrigin({ PORT: "3120" })).toBe("http://localhost:3120");
    expect(appOrigin({})).toBe("http://localhost:3000");
  });
});
