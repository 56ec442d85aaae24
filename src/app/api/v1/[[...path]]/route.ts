import { handleRestRequest } from "@/server/rest/handler";

/** The REST API for third parties: one entry point, routed by src/server/rest. */
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

function handler(request: Request): Promise<Response> {
  return handleRestRequest(request);
}

export { handler as GET, handler as HEAD, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as OPTIONS };
