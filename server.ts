import { createServer } from "node:http";
import next from "next";
import { ensureSecrets, MissingSecretError } from "@/server/config/secrets";
import { prepareDatabase } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/data-dir-lock";
import { MigrationError } from "@/server/db/migrate";
import { answerMalformedPath } from "@/server/http/malformed-path";
import { stampClientIp } from "@/server/http/trusted-client-ip";
import { handlePublicRequest } from "@/server/public-page/handler";
import { flushAnalytics } from "@/server/services/analytics/ingest";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST || undefined;

function fail(message: string): never {
  console.error(`\n  Cannot start: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  try {
    ensureSecrets();
  } catch (error) {
    if (error instanceof MissingSecretError) fail(error.message);
    throw error;
  }
  process.env.NEXTAUTH_SECRET = process.env.AUTH_SECRET;
  process.env.NEXTAUTH_URL ??= process.env.APP_URL || `http://localhost:${port}`;

  const database = await prepareDatabase((line) => console.log(`  ${line}`)).catch((error: unknown) => {
    if (error instanceof MigrationError || error instanceof DataDirLockedError) fail(error.message);
    throw error;
  });

  const app = next({ dev, port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  const trustProxy = process.env.TRUST_PROXY === "1" || process.env.TRUST_PROXY === "true";

  const stopListening = await database.listen();
  const server = createServer((request, response) => {
    stampClientIp(request, trustProxy);
    if (answerMalformedPath(request, response)) return;
    handlePublicRequest(request, response)
      .then((handled) => (handled ? undefined : handle(request, response)))
      .catch((error: unknown) => {
        console.error("Request failed:", error);
        if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
        response.end("Something went wrong.");
      });
  });
  // Idle keep-alive sockets outlive a proxy's (typically 60 s), so the server is never the side that
  // closes one just as a client reuses it (the client would see ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, hostname, () => {
    const store = database.kind === "postgres" ? "PostgreSQL" : `embedded database in ${process.env.DATA_DIR ?? ".data"}`;
    console.log(`  Ready on http://localhost:${port} (${dev ? "development" : "production"}, ${store})`);
  });

  // Stop taking requests, finish the ones under way, write every pending analytics event, then close
  // the database (which releases the embedded database's lock).
  let stopping = false;
  const shutdown = () => {
    if (stopping) return; // a terminal's Ctrl-C reaches both `npm start` and the server
    stopping = true;
    server.close(() => {
      void flushAnalytics()
        .then(() => stopListening())
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      void database.close().finally(() => process.exit(0));
    }, 10_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

void main();
