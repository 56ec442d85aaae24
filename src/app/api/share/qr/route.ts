import { qrOptions } from "@/lib/schemas/share";
import { createContext } from "@/server/api/context";
import { NOT_AUTHENTICATED_MESSAGE, ServiceError } from "@/server/services/errors";
import { ownQrCode } from "@/server/services/share/qr";

export const dynamic = "force-dynamic";

const STATUS = { BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, TOO_MANY_REQUESTS: 429 } as const;

/** `?format=&size=&colors=` as qrOptions reads them: a size of digits is a number, anything else stays text for zod to refuse. */
function optionsOf(search: URLSearchParams) {
  const size = search.get("size");
  return {
    format: search.get("format") ?? undefined,
    colors: search.get("colors") ?? undefined,
    size: size === null ? undefined : /^\d{1,6}$/.test(size) ? Number(size) : size,
  };
}

/**
 * The signed-in owner's QR code as a file (the share panel's downloads, up to 2048 pixels): bytes,
 * not base64 inside JSON, counted under the account's costly-answers limit.
 */
export async function GET(request: Request) {
  const context = await createContext({ headers: request.headers });
  if (!context.userId) return Response.json({ detail: NOT_AUTHENTICATED_MESSAGE }, { status: 401 });
  const parsed = qrOptions.safeParse(optionsOf(new URL(request.url).searchParams));
  if (!parsed.success) {
    const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? "detail")] ??= []).push(issue.message);
    return Response.json(fields, { status: 400 });
  }
  try {
    const image = await ownQrCode(context.db, context.userId, parsed.data);
    return new Response(Buffer.from(image.data_base64, "base64"), {
      headers: {
        "content-type": image.content_type,
        "content-disposition": `attachment; filename="${image.filename}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const headers: Record<string, string> = {};
    if (error.details.retryAfterSeconds) headers["retry-after"] = String(error.details.retryAfterSeconds);
    return Response.json({ detail: error.message }, { status: STATUS[error.code], headers });
  }
}
