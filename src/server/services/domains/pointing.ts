import { isIPv6 } from "node:net";
import { getDomain } from "tldts";
import type { DomainPointing } from "@/lib/schemas/domain";
import { appOrigin } from "@/server/config/app-origin";
import { env } from "@/server/config/env";
import { isLoopbackHost } from "../share/address-notice";
import { lookupAddresses } from "./dns";

export type { DomainPointing };

/** The host name creators point their domains at: CUSTOM_DOMAIN_TARGET (the proxy's public name), else APP_URL's host name. */
export function customDomainTarget(): string {
  return env.CUSTOM_DOMAIN_TARGET ?? new URL(appOrigin()).hostname;
}

/** A domain someone registers (example.com, example.co.uk) rather than a name under one: DNS allows it no CNAME. */
export function isApexDomain(domain: string): boolean {
  const registrable = getDomain(domain);
  return registrable === null || registrable === domain;
}

/**
 * The records that send a domain here: a CNAME to the target for a subdomain; for an apex, A/AAAA
 * records to CUSTOM_DOMAIN_ADDRESSES (else whatever the target resolves to now). The panel also
 * offers an apex the provider's ALIAS/ANAME record to the target, which behaves like a CNAME there.
 */
export async function domainPointing(domain: string): Promise<DomainPointing> {
  const target = customDomainTarget();
  const notice = isLoopbackHost(target)
    ? `${target} is this server's own loopback name, which no DNS record can point at. Set CUSTOM_DOMAIN_TARGET (or APP_URL) to the server's public host name where it runs, then restart it.`
    : null;
  if (!isApexDomain(domain)) return { target, apex: false, records: [{ type: "CNAME", name: domain, value: target }], notice };
  const addresses = env.CUSTOM_DOMAIN_ADDRESSES ?? (isLoopbackHost(target) ? [] : await lookupAddresses(target));
  return {
    target,
    apex: true,
    records: addresses.map((address) => ({ type: isIPv6(address) ? ("AAAA" as const) : ("A" as const), name: domain, value: address })),
    notice,
  };
}
