/**
 * The custom server overwrites this header with the socket's address (or the proxy's
 * X-Forwarded-For when TRUST_PROXY is set), so code behind it can trust it.
 */
export const CLIENT_IP_HEADER = "x-linkbio-client-ip";

export function clientIpFrom(headers: Headers): string | null {
  return headers.get(CLIENT_IP_HEADER);
}
