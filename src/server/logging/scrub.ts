/** Secrets and client addresses a log line must never carry, found in free text (messages, error texts, URLs). */
const SECRET_PARAMETER = /([?&#](?:token|code|secret|password|key|signature|state)=)[^&#\s"')]+/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const COOKIE_VALUE = /\b((?:__Secure-|__Host-)?next-auth\.[\w.-]+=)[^;\s"]+/gi;
const IPV4 = /\b(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}\b/g;
// Four or more groups: long enough to be an address rather than a time of day.
const IPV6 = /\b([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4})(?::[0-9a-f]{0,4}){1,5}\b/gi;

/** Masks token-like URL parameters, credentials and the host part of IP addresses (a network stays, the client does not). */
export function scrub(text: string): string {
  return text
    .replace(SECRET_PARAMETER, "$1[redacted]")
    .replace(BEARER, "$1 [redacted]")
    .replace(COOKIE_VALUE, "$1[redacted]")
    .replace(IPV4, "$1.x")
    .replace(IPV6, "$1::x");
}
