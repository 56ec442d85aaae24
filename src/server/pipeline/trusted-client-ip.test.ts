import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { stampClientIp } from "./trusted-client-ip";

function stamped(forwardedFor: string | undefined, trustProxy: boolean, socketAddress = "::ffff:10.0.0.9"): string | undefined {
  const request = {
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    socket: { remoteAddress: socketAddress },
  };
  stampClientIp(request as unknown as IncomingMessage, trustProxy);
  return request.headers[CLIENT_IP_HEADER as keyof typeof request.headers];
}

describe("stampClientIp", () => {
  it("uses the last X-Forwarded-For entry, the one the trusted proxy added", () => {
    expect(stamped("203.0.113.7", true)).toBe("203.0.113.7");
    expect(stamped("198.51.100.1, 203.0.113.7", true)).toBe("203.0.113.7");
  });

  it("ignores the header without TRUST_PROXY, and falls back to the socket when it is empty", () => {
    expect(stamped("203.0.113.7", false)).toBe("10.0.0.9");
    expect(stamped(undefined, true)).toBe("10.0.0.9");
  });

  it("replaces a client-sent copy of its own header", () => {
    const request = { headers: { [CLIENT_IP_HEADER]: "1.2.3.4" }, socket: { remoteAddress: "10.0.0.9" } };
    stampClientIp(request as unknown as IncomingMessage, false);
    expect(request.headers[CLIENT_IP_HEADER]).toBe("10.0.0.9");
  });

  it("writes one spelling per address, and a value that is not an address as unknown", () => {
    expect(stamped("[2001:DB8::0:1]:443", true)).toBe("2001:db8::1");
    expect(stamped("2001:db8:0:0:0:0:0:1%eth0", true)).toBe("2001:db8::1");
    expect(stamped("::FFFF:203.0.113.7", true)).toBe("203.0.113.7");
    expect(stamped("not-an-address", true)).toBe("unknown");
    expect(stamped("203.0.113.7, 999.1.1.1", true)).toBe("unknown");
  });
});
