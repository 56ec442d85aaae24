import type { IncomingMessage } from "node:http";
import { canonicalAddress } from "@/lib/net/client-address";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";

/**
 * Replaces any client-sent value so the header is always ours: the socket, or the proxy's word when
 * trusted. Only one hop is trusted: the proxy in front appends the address it saw as the last
 * X-Forwarded-For entry, and anything before that came from the client (docs/operations.md#operating-it).
 * The address is written in its canonical form (src/lib/net/client-address.ts).
 */
export function stampClientIp(request: IncomingMessage, trustProxy: boolean): void {
  const forwarded = trustProxy
    ? String(request.headers["x-forwarded-for"] ?? "")
        .split(",")
        .at(-1)
        ?.trim()
    : "";
  const ip = forwarded || request.socket.remoteAddress || "";
  // One spelling per address; a value that is not an address is "unknown", never a new client.
  request.headers[CLIENT_IP_HEADER] = canonicalAddress(ip) ?? "unknown";
}
