import { createHmac } from "node:crypto";
import type { CustomDomain, PrismaClient } from "@/generated/prisma/client";
import type { CustomDomainDto } from "@/lib/schemas/domain";
import { appOrigin } from "@/server/config/app-origin";
import { env } from "@/server/config/env";
import { ServiceError } from "../errors";
import { requireCurrentProfile } from "../profiles/profiles";
import { pageAddressWithDomain } from "../share/page-address";
import { DNS_TIMEOUT_MS, lookupTxt, type TxtLookup } from "./dns";
import { domainPointing, type DomainPointing } from "./pointing";
import { servedDomainsSettled } from "./served-domains";

export type TxtLookupFn = (name: string) => Promise<TxtLookup>;

export const DOMAIN_TAKEN_MESSAGE = "This domain is already connected to another page.";
export const APP_HOST_MESSAGE = "This is the app's own address. Enter a domain of your own.";
export const NO_DOMAIN_MESSAGE = "No custom domain is connected.";

/** The TXT record's name that proves a domain is the creator's. */
export const verificationName = (domain: string) => `_linkbio.${domain}`;

/**
 * The token a profile publishes for a domain: unguessable without AUTH_SECRET, different for every
 * profile and domain, and the same whenever the same profile connects the same domain again.
 */
export function verificationToken(profileId: string, domain: string): string {
  return `linkbio-verify-${createHmac("sha256", env.authSecret).update(`custom-domain\n${profileId}\n${domain}`).digest("hex").slice(0, 40)}`;
}

export function toDomainDto(row: CustomDomain): CustomDomainDto {
  return {
    domain: row.domain,
    status: row.status,
    verification: { type: "TXT", name: verificationName(row.domain), value: row.token },
    created_at: row.created_at,
    verified_at: row.verified_at,
  };
}

const fieldError = (message: string) => new ServiceError("BAD_REQUEST", message, { fields: { domain: [message] } });

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** The app's own host, and every name under it, is never a creator's domain. */
function isAppHost(domain: string): boolean {
  const appHost = new URL(appOrigin()).hostname.toLowerCase();
  return domain === appHost || domain.endsWith(`.${appHost}`);
}

/** The current profile's domain, or null when it has none. */
export async function getDomain(db: PrismaClient, userId: string): Promise<CustomDomainDto | null> {
  const profile = await requireCurrentProfile(db, userId);
  const row = await db.customDomain.findUnique({ where: { profile_id: profile.id } });
  return row ? toDomainDto(row) : null;
}

/**
 * Connects `domain` (already normalised) to the current profile as pending: a pending domain is
 * replaced, the same domain is kept as it is; an active domain must be removed first.
 */
export async function connectDomain(db: PrismaClient, userId: string, domain: string): Promise<CustomDomainDto> {
  const profile = await requireCurrentProfile(db, userId);
  if (isAppHost(domain)) throw fieldError(APP_HOST_MESSAGE);
  const holder = await db.customDomain.findUnique({ where: { active_domain: domain } });
  if (holder && holder.profile_id !== profile.id) throw fieldError(DOMAIN_TAKEN_MESSAGE);
  const existing = await db.customDomain.findUnique({ where: { profile_id: profile.id } });
  if (existing?.domain === domain) return toDomainDto(existing);
  if (existing?.status === "active") throw fieldError(`Remove ${existing.domain} before connecting another domain.`);
  const claim = {
    domain,
    token: verificationToken(profile.id, domain),
    status: "pending" as const,
    active_domain: null,
    created_at: new Date(),
    verified_at: null,
    checked_at: null,
    missing_since: null,
  };
  const row = await db.customDomain.upsert({
    where: { profile_id: profile.id },
    create: { profile_id: profile.id, ...claim },
    update: claim,
  });
  return toDomainDto(row);
}

/** Why a look-up did not prove the domain, naming the record looked for. */
function verificationFailure(lookup: TxtLookup, name: string, token: string): string {
  switch (lookup.outcome) {
    case "missing":
      return `No TXT record found at ${name}. Add a TXT record named ${name} with the value ${token}, then verify again (DNS changes can take a few minutes to appear).`;
    case "found":
      return `The TXT record at ${name} does not hold ${token}. Change its value to ${token}, then verify again.`;
    case "timeout":
      return `DNS did not answer within ${DNS_TIMEOUT_MS / 1000} seconds when looking up the TXT record at ${name}. Please try again in a moment.`;
    case "failed":
      return `DNS could not look up the TXT record at ${name} (${lookup.code}). Please try again later.`;
  }
}

const proves = (lookup: TxtLookup, token: string) => lookup.outcome === "found" && lookup.values.some((value) => value.trim() === token);

/** Looks the TXT record up; when it holds the token the domain becomes active and is served. */
export async function verifyDomain(db: PrismaClient, userId: string, lookup: TxtLookupFn = lookupTxt): Promise<CustomDomainDto> {
  const profile = await requireCurrentProfile(db, userId);
  const row = await db.customDomain.findUnique({ where: { profile_id: profile.id } });
  if (!row) throw new ServiceError("NOT_FOUND", NO_DOMAIN_MESSAGE);
  if (row.status === "active") return toDomainDto(row);
  const name = verificationName(row.domain);
  const answer = await lookup(name);
  if (!proves(answer, row.token)) throw new ServiceError("BAD_REQUEST", verificationFailure(answer, name, row.token));
  const now = new Date();
  try {
    const verified = await db.customDomain.update({
      where: { profile_id: profile.id, domain: row.domain, status: "pending" },
      data: { status: "active", active_domain: row.domain, verified_at: now, checked_at: now, missing_since: null },
    });
    // This instance serves it (and answers Caddy's ask) before the creator hears it is active.
    await servedDomainsSettled();
    return toDomainDto(verified);
  } catch (error) {
    // Another profile verified the same domain first.
    if (isUniqueViolation(error)) throw new ServiceError("BAD_REQUEST", DOMAIN_TAKEN_MESSAGE);
    throw error;
  }
}

/** Disconnects the current profile's domain; it stops being served at once. */
export async function removeDomain(db: PrismaClient, userId: string): Promise<void> {
  const profile = await requireCurrentProfile(db, userId);
  const row = await db.customDomain.findUnique({ where: { profile_id: profile.id } });
  if (!row) throw new ServiceError("NOT_FOUND", NO_DOMAIN_MESSAGE);
  await db.customDomain.delete({ where: { profile_id: profile.id, domain: row.domain } });
  await servedDomainsSettled();
}

export const RECHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const MISSING_GRACE_MS = 7 * RECHECK_INTERVAL_MS;
const RECHECK_CONCURRENCY = 8;

export interface RecheckSummary {
  checked: number;
  found: number;
  missing: number;
  /** Look-ups that timed out or failed: they prove nothing either way, so nothing changed. */
  unanswered: number;
  deactivated: string[];
}

/**
 * The daily re-check of active domains: a record seen clears its absence; a record missing (or
 * holding another value) starts or continues one, and after 7 days in a row the domain goes back
 * to pending and stops being served. DNS that does not answer changes nothing.
 */
export async function recheckActiveDomains(db: PrismaClient, now = new Date(), lookup: TxtLookupFn = lookupTxt): Promise<RecheckSummary> {
  const due = await db.customDomain.findMany({
    where: { status: "active", OR: [{ checked_at: null }, { checked_at: { lte: new Date(now.getTime() - RECHECK_INTERVAL_MS / 2) } }] },
    orderBy: { checked_at: { sort: "asc", nulls: "first" } },
  });
  const summary: RecheckSummary = { checked: 0, found: 0, missing: 0, unanswered: 0, deactivated: [] };
  const recheck = async (row: CustomDomain) => {
    const answer = await lookup(verificationName(row.domain));
    summary.checked += 1;
    const where = { profile_id: row.profile_id, domain: row.domain, status: "active" as const };
    if (answer.outcome === "timeout" || answer.outcome === "failed") {
      summary.unanswered += 1;
      await db.customDomain.updateMany({ where, data: { checked_at: now } });
      return;
    }
    if (proves(answer, row.token)) {
      summary.found += 1;
      await db.customDomain.updateMany({ where, data: { checked_at: now, missing_since: null } });
      return;
    }
    summary.missing += 1;
    const missingSince = row.missing_since ?? now;
    if (now.getTime() - missingSince.getTime() >= MISSING_GRACE_MS) {
      await db.customDomain.update({
        where,
        data: { status: "pending", active_domain: null, verified_at: null, checked_at: now, missing_since: null },
      });
      summary.deactivated.push(row.domain);
    } else {
      await db.customDomain.updateMany({ where, data: { checked_at: now, missing_since: missingSince } });
    }
  };
  for (let start = 0; start < due.length; start += RECHECK_CONCURRENCY) {
    await Promise.all(due.slice(start, start + RECHECK_CONCURRENCY).map(recheck));
  }
  return summary;
}

/** Where the current profile's domain must point: the records from domainPointing, for the panel to show. */
export async function domainSetup(db: PrismaClient, userId: string): Promise<DomainPointing | null> {
  const profile = await requireCurrentProfile(db, userId);
  const row = await db.customDomain.findUnique({ where: { profile_id: profile.id } });
  return row ? domainPointing(row.domain) : null;
}

/** The current profile's page address on its custom domain while that domain is active, else null. */
export async function activeDomainAddress(db: PrismaClient, userId: string): Promise<string | null> {
  const profile = await requireCurrentProfile(db, userId);
  const row = await db.customDomain.findUnique({ where: { profile_id: profile.id } });
  return row?.status === "active" ? pageAddressWithDomain(profile.slug, row.domain) : null;
}
