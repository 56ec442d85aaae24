import { isIPv4, isIPv6 } from "node:net";

const MAPPED_IPV4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** "[2001:db8::1]:443" and "1.2.3.4:80" as a proxy may write them: the address without brackets or port. */
function withoutPort(text: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  return v4WithPort ? v4WithPort[1]! : text;
}

/**
 * One spelling per client address, or null when the text is not an address (unknown, never a new
 * address): brackets, ports and zone ids dropped, IPv6 lower-case with RFC 5952 zero compression,
 * IPv4-mapped IPv6 written as the IPv4 address it is. IPv4 only in strict dotted-quad form.
 */
export function canonicalAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = withoutPort(raw.trim());
  if (isIPv4(text)) return text;
  const address = text.replace(/%[^%]*$/, "");
  if (!isIPv6(address)) return null;
  // The WHATWG URL parser prints IPv6 hosts in RFC 5952 form.
  const compressed = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const mapped = MAPPED_IPV4.exec(compressed);
  if (!mapped) return compressed;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/**
 * What per-address rules count by: an IPv4 address itself, an IPv6 address by its /64 (one
 * subscriber's network hands out a whole /64, so its addresses are one client), "unknown" otherwise.
 */
export function addressKey(raw: string | null | undefined): string {
  const address = canonicalAddress(raw);
  if (address === null) return "unknown";
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  const groups = address.includes("::")
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : address.split(":");
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
