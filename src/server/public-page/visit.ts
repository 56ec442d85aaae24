import type { IncomingMessage } from "node:http";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import type { Arrival } from "@/server/services/analytics/arrival";
import type { VisitContext } from "@/server/services/analytics/ingest";

/** The client address the pipeline stamped (trusted proxies resolved), or null. */
export function clientAddress(request: IncomingMessage): string | null {
  return String(request.headers[CLIENT_IP_HEADER] ?? "") || null;
}

/** What analytics records of one view or click. */
export function visitOf(request: IncomingMessage, viewer: string | null, referrer: string | null, arrival?: Arrival): VisitContext {
  return {
    ip: clientAddress(request),
    userAgent: request.headers["user-agent"] ?? null,
    referrer,
    viaQrCode: arrival?.viaQrCode ?? false,
    utm: arrival?.utm,
    headers: request.headers,
    viewerUserId: viewer,
  };
}
