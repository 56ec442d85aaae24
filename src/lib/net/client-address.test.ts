import { describe, expect, it } from "vitest";
import { addressKey, canonicalAddress } from "./client-address";

describe("canonicalAddress", () => {
  it.each([
    ["2001:db8::1", "2001:db8::1"],
    ["2001:DB8::1", "2001:db8::1"],
    ["2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["2001:db8:0:0:0:0:0:1", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["2001:db8::1%eth0", "2001:db8::1"],
    [" 2001:db8::1 ", "2001:db8::1"],
    ["fe80::1%25en0", "fe80::1"],
    ["::ffff:192.0.2.7", "192.0.2.7"],
    ["::FFFF:c000:0207", "192.0.2.7"],
    ["[::ffff:192.0.2.7]:80", "192.0.2.7"],
    ["192.0.2.7", "192.0.2.7"],
    ["192.0.2.7:8080", "192.0.2.7"],
    ["::1", "::1"],
    ["0:0:0:0:0:0:0:1", "::1"],
    ["2001:db8:0:1:0:0:0:0", "2001:db8:0:1::"],
  ])("%j is %j", (raw, canonical) => {
    expect(canonicalAddress(raw)).toBe(canonical);
  });

  it.each([
    "",
    "unknown",
    "not-an-ip",
    "192.0.2.256",
    "01.2.3.4",
    "127.1",
    "0x7f.0.0.1",
    "2001:db8::1::2",
    "[2001:db8::1",
    "1.2.3.4, 5.6.7.8",
    "2001:db8::g",
  ])("%j is not an address", (raw) => {
    expect(canonicalAddress(raw)).toBeNull();
    expect(addressKey(raw)).toBe("unknown");
  });
});

describe("addressKey", () => {
  it("keys every spelling of one IPv6 address alike", () => {
    const spellings = [
      "2001:db8:85a3::8a2e:370:7334",
      "2001:DB8:85A3::8A2E:370:7334",
      "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
      "[2001:db8:85a3::8a2e:370:7334]",
      "[2001:db8:85a3::8a2e:370:7334]:51234",
      "2001:db8:85a3::8a2e:370:7334%eth0",
      "2001:db8:85a3:0:0:8a2e:370:7334",
    ];
    expect(new Set(spellings.map(addressKey))).toEqual(new Set(["2001:db8:85a3:0::/64"]));
  });

  it("keys IPv6 by /64: addresses of one /64 are one client, the next /64 another", () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 addresses whole, mapped or not", () => {
    expect(addressKey("192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("192.0.2.8")).toBe("192.0.2.8");
  });
});
