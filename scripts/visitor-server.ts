// The visitor-facing part of server.ts without Next: the same request pipeline (limits, headers,
// client address) and public handler (pages and the click endpoint), and the same graceful stop
// (flush analytics, then close the database). Benchmarks start it so they need no production build.
import type { Server } from "node:http";
import { ensureSecrets } from "@/server/config/secrets";
import { prepareDatabase, type Database } from "@/server/db/client";
import { createAppServer } from "@/server/pipeline/request-pipeline";
import { flushAnalytics } from "@/server/services/analytics/ingest";

const notServed = (_request: unknown, response: { writeHead(status: number): { end(): void } }) => response.writeHead(404).end();

/** Serves visitors on PORT (HOST, default 127.0.0.1); `beforeStop` runs first on SIGTERM. */
export async function serveVisitors(
  label: string,
  beforeStop: () => void = () => undefined,
): Promise<{ database: Database; server: Server }> {
  ensureSecrets();
  const database = await prepareDatabase();
  const trustProxy = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";
  const server = createAppServer(notServed, trustProxy);
  server.listen(Number(process.env.PORT), process.env.HOST || "127.0.0.1", () => console.log(`  Ready on (${label})`));
  process.once("SIGTERM", () => {
    beforeStop();
    server.close(() => {
      void flushAnalytics()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  });
  return { database, server };
}
