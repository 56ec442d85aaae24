import type { IncomingMessage } from "node:http";
import { webSessionFrom } from "@/server/auth/web-session";

/** The signed-in user looking at a page, from a live web session; null for visitors and ended sessions. */
export async function viewerId(request: IncomingMessage): Promise<string | null> {
  const headers = new Headers();
  for (const name of ["cookie", "x-forwarded-proto"]) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return (await webSessionFrom(headers))?.userId ?? null;
}
