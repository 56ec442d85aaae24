import type { IncomingMessage, ServerResponse } from "node:http";
import { jsonShapeProblem } from "@/lib/hostile-input";

/**
 * tRPC reads a GET call's input from the query (`?input=<JSON>`): JSON there is held to the same
 * depth and value limits as a body, before anything parses it. Answers 400 and returns true when not.
 */
export function answerHostileQuery(request: IncomingMessage, response: ServerResponse, pathname: string): boolean {
  if (!pathname.startsWith("/api/trpc/")) return false;
  const query = (request.url ?? "").split("?")[1];
  if (!query) return false;
  let input: string | null;
  try {
    input = new URLSearchParams(query).get("input");
  } catch {
    return false;
  }
  const problem = input === null ? null : jsonShapeProblem(input);
  if (!problem) return false;
  const body = JSON.stringify({ detail: problem, code: "validation_error" });
  response.writeHead(400, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }).end(body);
  return true;
}
