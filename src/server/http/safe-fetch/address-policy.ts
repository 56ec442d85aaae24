import ipaddr from "ipaddr.js";

/**
 * Whether an address may be fetched from: only ordinary public unicast. Loopback, private (RFC 1918),
 * link-local (169.254.0.0/16, the cloud metadata address among them), carrier-grade NAT, unique-local,
 * multicast, reserved, documentation and the IPv6 forms that embed an IPv4 address are refused;
 * an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}
