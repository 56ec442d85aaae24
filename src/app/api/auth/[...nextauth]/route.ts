import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptionsFor } from "@/server/auth/options";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  // next-auth 4 types its route handler's answer as `any`.
  return NextAuth(request, context, authOptionsFor(request.headers)) as Promise<Response>;
}
export { handler as GET, handler as POST };
