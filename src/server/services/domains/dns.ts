import { Resolver } from "node:dns/promises";
import { env } from "@/server/config/env";

/** How long one look-up may take before the creator is told DNS did not answer. */
export const DNS_TIMEOUT_MS = 5_000;

export type TxtLookup =
  | { outcome: "found"; values: string[] }
  /** DNS answered: no such name, or no TXT record at it. */
  | { outcome: "missing" }
  | { outcome: "timeout" }
  | { outcome: "failed"; code: string };

const ANSWERED_EMPTY = new Set(["ENOTFOUND", "ENODATA", "ENONAME", "NXDOMAIN"]);

/** The resolver to ask: DOMAIN_DNS_SERVERS when set (tests, private networks), else the system's. */
function resolverFor(timeoutMs: number): Resolver {
  // c-ares backs off between tries, so one try with the whole budget keeps the 5 s promise.
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  const servers = env.DOMAIN_DNS_SERVERS;
  if (servers) resolver.setServers(servers.split(",").map((server) => server.trim()));
  return resolver;
}

/** The TXT records at `name`, each record's chunks joined, as Node's resolver reads them. */
export async function lookupTxt(name: string, timeoutMs = DNS_TIMEOUT_MS): Promise<TxtLookup> {
  const resolver = resolverFor(timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<TxtLookup>((resolve) => {
    timer = setTimeout(() => {
      resolver.cancel();
      resolve({ outcome: "timeout" });
    }, timeoutMs + 250);
  });
  const lookup = resolver.resolveTxt(name).then(
    (records): TxtLookup => ({ outcome: "found", values: records.map((chunks) => chunks.join("")) }),
    (error: NodeJS.ErrnoException): TxtLookup => {
      const code = error.code ?? "EUNKNOWN";
      if (ANSWERED_EMPTY.has(code)) return { outcome: "missing" };
      if (code === "ETIMEOUT" || code === "ECANCELLED") return { outcome: "timeout" };
      return { outcome: "failed", code };
    },
  );
  try {
    return await Promise.race([lookup, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The addresses a host name points at (A and AAAA), for the records a creator copies; empty when DNS cannot tell. */
export async function lookupAddresses(host: string): Promise<string[]> {
  const resolver = resolverFor(2_000);
  const [v4, v6] = await Promise.all([resolver.resolve4(host).catch(() => []), resolver.resolve6(host).catch(() => [])]);
  return [...v4, ...v6];
}
