import { db } from "@/server/db/client";
import { findAsset } from "@/server/services/assets/assets";

export const dynamic = "force-dynamic";

/** Content-addressed, so a URL's bytes never change: cache for a year. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const asset = await findAsset(db(), id);
  if (!asset) return new Response("Not found", { status: 404 });
  return new Response(Buffer.from(asset.bytes), {
    headers: {
      "content-type": asset.mime,
      "content-length": String(asset.size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
