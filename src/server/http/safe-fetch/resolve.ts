import { lookup as systemLookup, Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { isPublicAddress } from "./address-policy";
import { SafeFetchError } from "./errors";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The host's addresses, asked once: from `dnsServers` (tests, private resolvers) or the system's
 * resolver. An address literal is its own answer.
 */
async function addressesOf(host: string, dnsServers: readonly string[] | undefined, timeoutMs: number): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  if (family) return [{ address: host, family: family as 4 | 6 }];
  try {
    if (!dnsServers?.length) {
      const found = await systemLookup(host, { all: true, verbatim: true });
      return found.map(({ address, family: kind }) => ({ address, family: kind === 6 ? 6 : 4 }));
    }
    const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    resolver.setServers([...dnsServers]);
    const [v4, v6] = await Promise.all([resolver.resolve4(host).catch(() => []), resolver.resolve6(host).catch(() => [])]);
    return [...v4.map((address) => ({ address, family: 4 as const })), ...v6.map((address) => ({ address, family: 6 as const }))];
  } catch {
    return [];
  }
}

/**
 * The one address a connection to `host` may use: every address DNS gave must be public (one private
 * answer among public ones is refused too), unless the host is allowed by name. The caller connects
 * to exactly this address, so a second answer (DNS rebinding) is never asked for.
 */
export async function resolveCheckedAddress(
  host: string,
  options: { allowed: boolean; dnsServers?: readonly string[]; timeoutMs: number },
): Promise<ResolvedAddress> {
  const addresses = await addressesOf(host, options.dnsServers, options.timeoutMs);
  if (!addresses.length) throw new SafeFetchError("dns", `The address ${host} could not be found`);
  if (!options.allowed && addresses.some(({ address }) => !isPublicAddress(address))) {
    throw new SafeFetchError("private_address", `${host} is not a public address`);
  }
  return addresses[0]!;
}
