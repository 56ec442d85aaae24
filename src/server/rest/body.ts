import { JsonShapeMeter } from "@/lib/hostile-input";
import { tooLargeDetail } from "@/server/http/too-large";
import { RestError } from "./errors";

function tooLarge(limit: number): RestError {
  return new RestError(413, tooLargeDetail(limit));
}

/** The next piece of the body; a stream cut off by the client (or by the server's limit) is the client's error. */
async function readPiece(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch {
    throw new RestError(400, "The request body ended before it was complete.");
  }
}

/**
 * The JSON body, or undefined when there is none. Stops reading as soon as the body passes
 * `limit` bytes or its JSON passes the depth or value limits, so neither costs more than reading that far.
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return undefined;

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  const shape = new JsonShapeMeter();
  let size = 0;
  for (;;) {
    const { done, value } = await readPiece(reader);
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    const problem = shape.write(value);
    if (problem) {
      await reader.cancel().catch(() => undefined);
      throw new RestError(400, problem);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RestError(400, `JSON parse error - ${(error as Error).message}`);
  }
}
