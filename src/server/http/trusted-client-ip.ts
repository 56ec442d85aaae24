import type { IncomingMessage } from "node:http";
import { CLIENT_IP_HEADER } from "./client-ip";

/** Replaces any client-sent value so the header is always ours: the socket, or the proxy's word when trusted. */
export function stampClientIp(request: IncomingMessage, trustProxy: boolean): void {
  const forwarded = trustProxy ? String(request.headers["x-forwarded-for"] ?? "").split(",")[0]?.trim() : "";
  const ip = forwarded || request.socket.remoteAddress || "";
  request.headers[CLIENT_IP_HEADER] = ip.replace(/^::ffff:/, "");
}
