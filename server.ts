import next from "next";
import { AppUrlError, appOrigin, checkAppUrl, configuredPort } from "@/server/config/app-origin";
import { env, EnvironmentError, setVariable, validateEnvironment } from "@/server/config/env";
import { ensureSecrets, MissingSecretError } from "@/server/config/secrets";
import { prepareDatabase } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/data-dir-lock";
import { MigrationError } from "@/server/db/migrate";
import { createAppServer } from "@/server/pipeline/request-pipeline";
import { handleJobsRequest, JOBS_PATH, writeServerFile } from "@/server/jobs/remote";
import { startJobRunner } from "@/server/jobs/runner";
import { flushAnalytics } from "@/server/services/analytics/ingest";
import { startOutboxWorker } from "@/server/services/mail/outbox";
import { configuredTransport } from "@/server/services/mail/transport";

const dev = process.argv.includes("--dev");

function fail(message: string): never {
  console.error(`\n  Cannot start: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  try {
    validateEnvironment();
    checkAppUrl();
    ensureSecrets();
  } catch (error) {
    if (error instanceof EnvironmentError || error instanceof MissingSecretError || error instanceof AppUrlError) fail(error.message);
    throw error;
  }
  const port = configuredPort();
  const hostname = env.HOST;
  setVariable("NEXTAUTH_SECRET", env.authSecret);
  if (!env.NEXTAUTH_URL) setVariable("NEXTAUTH_URL", appOrigin());

  const database = await prepareDatabase((line) => console.log(`  ${line}`)).catch((error: unknown) => {
    if (error instanceof MigrationError || error instanceof DataDirLockedError) fail(error.message);
    throw error;
  });

  const app = next({ dev, port, hostname });
  await app.prepare();
  const nextHandle = app.getRequestHandler();
  const trustProxy = env.TRUST_PROXY;
  const jobsContext = { db: database.prisma, sql: database.sql, authSecret: env.authSecret };
  const handle: typeof nextHandle = (request, response, parsedUrl) =>
    request.url?.split("?")[0] === JOBS_PATH ? handleJobsRequest(request, response, jobsContext) : nextHandle(request, response, parsedUrl);

  const stopListening = await database.listen();
  // Mail queued in the database is sent in the background; every instance sends, none twice.
  const outbox = startOutboxWorker(database.prisma, configuredTransport());
  const jobs = env.JOBS_ENABLED ? startJobRunner(database.prisma, database.sql) : null;
  let removeServerFile = () => undefined as void;
  const server = createAppServer(handle, trustProxy);
  // Idle keep-alive sockets outlive a proxy's (typically 60 s), so the server is never the side that
  // closes one just as a client reuses it (the client would see ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, hostname, () => {
    const store = database.kind === "postgres" ? "PostgreSQL" : `embedded database in ${env.DATA_DIR}`;
    console.log(`  Ready on http://localhost:${port} (${dev ? "development" : "production"}, ${store})`);
    if (database.kind === "pglite") removeServerFile = writeServerFile(env.DATA_DIR, (server.address() as { port: number }).port);
  });

  // Stop taking requests, finish the ones under way, write every pending analytics event, then close
  // the database (which releases the embedded database's lock).
  let stopping = false;
  const finish = () =>
    void flushAnalytics()
      .then(() => Promise.all([jobs?.stop(), outbox.stop()]))
      .then(() => removeServerFile())
      .then(() => stopListening())
      .then(() => database.close())
      .finally(() => process.exit(0));
  const shutdown = () => {
    if (stopping) return; // a terminal's Ctrl-C reaches both `npm start` and the server
    stopping = true;
    // From now on every answer closes its connection, so busy keep-alive clients cannot hold the
    // drain open (added only now: a second request listener would cost every request until then).
    server.prependListener("request", (_request, response) => response.setHeader("connection", "close"));
    server.close(finish);
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      finish();
    }, 10_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

void main();
