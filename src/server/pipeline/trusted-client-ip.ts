import type { IncomingMessage } from "node:http";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";

/**
 * Replaces any client-sent value so the header is always ours: the socket, or the proxy's word when
 * trusted. Only one hop is trusted: the proxy in front appends the address it saw as the last
 * X-Forwarded-For entry, and anything before that came from the client (README, "Operating it").
 */
export function stampClientIp(request: IncomingMessage, trustProxy: boolean): void {
  const forwarded = trustProxy
    ? String(request.headers["x-forwarded-for"] ?? "")
        .split(",")
        .at(-1)
        ?.trim()
    : "";
  const ip = forwarded || request.socket.remoteAddress || "";
  request.headers[CLIENT_IP_HEADER] = ip.replace(/^::ffff:/, "");
}
