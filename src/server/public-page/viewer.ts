import type { IncomingMessage } from "node:http";
import { webSessionFrom } from "@/server/auth/web-session";

/** The signed-in user looking at a page, from a live web session; null for visitors and ended sessions. */
export async function viewerId(request: IncomingMessage): Promise<string | null> {
  return (await webSessionFrom(request.headers.cookie))?.userId ?? null;
}
