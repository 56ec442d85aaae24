import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { z } from "zod";
import type { PrismaClient } from "@/generated/prisma/client";
import type { SqlTarget } from "@/server/db/sql-target";
import { JOBS } from "./all-jobs";
import { runJobByHand } from "./runner";

// On the embedded database one process owns the data, so `npm run jobs` asks that server to run
// the job: it finds the port in DATA_DIR/server.json and proves it may ask with a key derived
// from AUTH_SECRET (which it reads from the same DATA_DIR).

export const JOBS_PATH = "/api/internal/jobs";
const SERVER_FILE = "server.json";

export function jobsKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("linkbio-jobs").digest("base64url");
}

export function writeServerFile(dataDir: string, port: number): () => void {
  const file = path.join(path.resolve(dataDir), SERVER_FILE);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port }));
  return () => {
    try {
      if ((JSON.parse(fs.readFileSync(file, "utf8")) as { pid?: number }).pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

export function readServerFile(dataDir: string): { pid: number; port: number } | null {
  try {
    const parsed = z
      .object({ pid: z.number().int(), port: z.number().int() })
      .safeParse(JSON.parse(fs.readFileSync(path.join(path.resolve(dataDir), SERVER_FILE), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const jobRequest = z.strictObject({
  job: z.enum(JOBS.map((job) => job.name) as [string, ...string[]]),
  date: z.iso.date(),
});

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

const isLoopback = (address: string | undefined) => address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";

/** POST /api/internal/jobs from this machine with the key: runs a job by hand inside the server. */
export async function handleJobsRequest(
  request: IncomingMessage,
  response: ServerResponse,
  { db, sql, authSecret }: { db: PrismaClient; sql: SqlTarget; authSecret: string },
): Promise<void> {
  const given = Buffer.from(String(request.headers["x-jobs-key"] ?? ""));
  const expected = Buffer.from(jobsKey(authSecret));
  if (!isLoopback(request.socket.remoteAddress) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return answer(response, 404, { detail: "Not found." });
  }
  if (request.method !== "POST") return answer(response, 405, { detail: "Method not allowed." });
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return answer(response, 400, { detail: "The body must be JSON." });
  }
  const parsed = jobRequest.safeParse(body);
  if (!parsed.success) return answer(response, 400, { detail: parsed.error.issues.map((issue) => issue.message).join("; ") });
  await runJobByHand(db, sql, parsed.data.job, new Date(`${parsed.data.date}T00:00:00Z`));
  answer(response, 200, { detail: `Ran ${parsed.data.job} as of ${parsed.data.date}.` });
}
