import { describe, expect, it } from "vitest";
import { addressProblem, isLoopbackHost } from "./address-notice";

describe("whether visitors can open a page address", () => {
  it("knows loopback names and addresses", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "127.8.9.10", "[::1]", "::1", "0.0.0.0"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["links.example.com", "192.168.1.5", "10.0.0.2", "2001:db8::1", "localhost.example.com"])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("warns when APP_URL is unset and the server is reached on another host", () => {
    const notice = addressProblem("http://localhost:3000/u/kim", "192.168.1.5:3000", false);
    expect(notice).toContain("Visitors cannot open http://localhost:3000/u/kim");
    expect(notice).toContain("APP_URL is not set");
    expect(notice).toContain("192.168.1.5:3000");
    expect(notice).toContain("APP_URL=https://links.example.com");
  });

  it("warns about a loopback page address, whoever looks at it", () => {
    expect(addressProblem("http://localhost:3000/u/kim", "localhost:3000", false)).toContain("localhost only reaches the computer");
    expect(addressProblem("http://127.0.0.1:8080/u/kim", "links.example.com", true)).toContain("127.0.0.1 only reaches the computer");
  });

  it("is quiet for a public address, and for a creator's own domain", () => {
    expect(addressProblem("https://links.example.com/u/kim", "links.example.com", true)).toBeNull();
    expect(addressProblem("https://kim.example.org/", "localhost:3000", true)).toBeNull();
  });
});
