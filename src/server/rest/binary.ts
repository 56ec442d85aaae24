import type { QrImage } from "@/lib/schemas/share";

/** An answer sent as bytes rather than JSON (the REST exceptions that draw images return one). */
export class BinaryAnswer {
  constructor(
    readonly body: Buffer,
    readonly headers: Record<string, string>,
  ) {}
}

/** A drawn image as its own file: type, a file name for downloads, and a short public cache (a page may turn private). */
export function imageAnswer(image: QrImage): BinaryAnswer {
  return new BinaryAnswer(Buffer.from(image.data_base64, "base64"), {
    "content-type": image.content_type,
    "content-disposition": `inline; filename="${image.filename}"`,
    "cache-control": "public, max-age=300",
  });
}
