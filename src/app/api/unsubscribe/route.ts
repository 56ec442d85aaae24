import { db } from "@/server/db/client";
import { unsubscribe } from "@/server/services/notifications/unsubscribe";

export const dynamic = "force-dynamic";

/** RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the List-Unsubscribe address. */
export async function POST(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (token.length > 300 || !(await unsubscribe(db(), token))) {
    return Response.json({ detail: "This unsubscribe link is invalid." }, { status: 400 });
  }
  return Response.json({ detail: "You are unsubscribed." });
}
