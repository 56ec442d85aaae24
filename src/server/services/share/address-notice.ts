import { isIP } from "node:net";
import type { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/server/config/env";
import { requireCurrentProfile } from "../profiles/profiles";
import { pageAddressWithDomain } from "./page-address";

/** A host name or address that only ever reaches the machine it is typed on. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (isIP(name) === 4) return name.startsWith("127.") || name === "0.0.0.0";
  if (isIP(name) === 6) return name === "::1" || name === "::" || /^::ffff:127\./.test(name);
  return false;
}

const HOW_TO_FIX =
  "Set APP_URL to the address visitors use (for example APP_URL=https://links.example.com) where the server runs, then restart it.";

/**
 * Why visitors cannot open a page address, or null when they can: APP_URL is unset while this
 * server is reached on another host (so the address names localhost), or the address is a loopback one.
 */
export function addressProblem(pageAddress: string, requestHost: string | null, appUrlSet: boolean): string | null {
  const hostname = new URL(pageAddress).hostname;
  const reachedAt = requestHost?.replace(/:\d+$/, "") ?? null;
  if (!appUrlSet && reachedAt && !isLoopbackHost(reachedAt)) {
    return `Visitors cannot open ${pageAddress}: APP_URL is not set, so your page address names this computer rather than ${requestHost}. ${HOW_TO_FIX}`;
  }
  if (isLoopbackHost(hostname)) {
    return `Visitors cannot open ${pageAddress}: ${hostname} only reaches the computer it is typed on. ${HOW_TO_FIX}`;
  }
  return null;
}

/** The notice the dashboard, the Share panel and the domain screen show about the current page's address. */
export async function pageAddressNotice(db: PrismaClient, userId: string, requestHost: string | null): Promise<string | null> {
  const profile = await requireCurrentProfile(db, userId);
  const domain = await db.customDomain.findUnique({ where: { profile_id: profile.id }, select: { status: true, domain: true } });
  const address = pageAddressWithDomain(profile.slug, domain?.status === "active" ? domain.domain : null);
  return addressProblem(address, requestHost, Boolean(env.APP_URL));
}
