import type { IncomingMessage, ServerResponse } from "node:http";
import { AppUrlError, appOrigin, checkAppUrl, configuredPort } from "@/server/config/app-origin";
import { env, EnvironmentError, setVariable, validateEnvironment } from "@/server/config/env";
import { ensureSecrets, MissingSecretError } from "@/server/config/secrets";
import { unknownFlag, usage, wantsHelp } from "@/server/config/usage";
import { closeDatabaseIfOpen, prepareDatabase, type Database } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/data-dir-lock";
import { MigrationError } from "@/server/db/migrate";
import { isDatabaseUnavailable } from "@/server/db/unavailable";
import { log } from "@/server/logging/logger";
import { enableMetrics } from "@/server/metrics/registry";
import { createMetricsServer } from "@/server/pipeline/operations-endpoints";
import { createAppServer } from "@/server/pipeline/request-pipeline";
import { listenOrExplain } from "@/server/pipeline/listen";
import { holdUntilReady } from "@/server/pipeline/starting";
import { handleJobsRequest, JOBS_PATH, writeServerFile } from "@/server/jobs/remote";
import { startJobRunner } from "@/server/jobs/runner";
import { flushAnalytics } from "@/server/services/analytics/ingest";
import { startOutboxWorker } from "@/server/services/mail/outbox";
import { startWebhookWorker } from "@/server/services/webhooks/delivery";
import { connectSharedRedis } from "@/server/services/rate-limit/redis";
import { configuredTransport } from "@/server/services/mail/transport";
import { startWebApp, type WebApp } from "@/server/threads/web-app";

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

const args = process.argv.slice(2);
const dev = args.includes("--dev");

/** Tries to reach the database at start this many times, DATABASE_RETRY_MS apart, before giving up. */
const DATABASE_ATTEMPTS = 5;
const DATABASE_RETRY_MS = 2_000;

/**
 * Start-up failed: one plain line on stderr naming the cause and the fix (plain, since a bad
 * LOG_LEVEL may be the cause), whatever was taken released (the embedded database's lock), exit 1.
 */
async function fail(message: string, release: () => Promise<unknown> = closeDatabaseIfOpen): Promise<never> {
  await release().catch(() => undefined);
  process.stderr.write(`Cannot start: ${message.replace(/\s*\n\s*/g, "; ")}\n`);
  process.exit(1);
}

async function openDatabase(): Promise<Database> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await prepareDatabase((line) => log().info(line));
    } catch (error) {
      if (error instanceof MigrationError || error instanceof DataDirLockedError) return fail(error.message);
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      if (attempt >= DATABASE_ATTEMPTS) {
        return fail(
          `the database did not answer after ${attempt} attempts (${reason}). Check that PostgreSQL is running and DATABASE_URL points at it.`,
        );
      }
      log().warn(`Database not reachable (${reason}); attempt ${attempt + 1} of ${DATABASE_ATTEMPTS} in ${DATABASE_RETRY_MS / 1000} s`);
      await closeDatabaseIfOpen().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
    }
  }
}

/**
 * `npm run dev`: Next's development server in this thread, for its hot reloading; production runs it
 * in a thread of its own (src/server/threads/web-app.ts).
 */
async function nextInThisThread(port: number, hostname: string | undefined): Promise<RequestHandler> {
  const { default: next } = await import("next");
  const app = next({ dev: true, port, hostname });
  await app.prepare();
  const handle = app.getRequestHandler();
  return (request, response) => handle(request, response);
}

async function main(): Promise<void> {
  if (wantsHelp(args)) {
    process.stdout.write(usage());
    return;
  }
  const unknown = unknownFlag(args);
  if (unknown) return fail(`unknown option ${unknown}. Run \`npm start -- --help\` for the usage.`);
  try {
    validateEnvironment();
    checkAppUrl();
    ensureSecrets();
  } catch (error) {
    if (error instanceof EnvironmentError || error instanceof MissingSecretError || error instanceof AppUrlError)
      return fail(error.message);
    throw error;
  }
  const port = configuredPort();
  const hostname = env.HOST;
  setVariable("NEXTAUTH_SECRET", env.authSecret);
  if (!env.NEXTAUTH_URL) setVariable("NEXTAUTH_URL", appOrigin());

  const metricsOn = Boolean(env.METRICS_TOKEN || env.METRICS_PORT !== undefined);
  if (metricsOn) await enableMetrics();
  let nextHandle: RequestHandler | null = null;
  let jobsContext: Parameters<typeof handleJobsRequest>[2] | null = null;
  const handle: RequestHandler = (request, response) =>
    request.url?.split("?")[0] === JOBS_PATH ? handleJobsRequest(request, response, jobsContext!) : nextHandle!(request, response);
  const server = createAppServer(handle, env.TRUST_PROXY);
  // Idle keep-alive sockets outlive a proxy's (typically 60 s), so the server is never the side that
  // closes one just as a client reuses it (the client would see ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const ready = holdUntilReady(server);
  const metricsServer = env.METRICS_PORT !== undefined ? createMetricsServer() : null;
  // The ports are taken before anything else, so a port in use stops start-up with nothing to release.
  const listenFailure =
    (await listenOrExplain(server, port, hostname, "PORT")) ??
    (metricsServer ? await listenOrExplain(metricsServer, env.METRICS_PORT!, env.METRICS_HOST ?? "127.0.0.1", "METRICS_PORT") : null);
  if (listenFailure) return fail(listenFailure, () => new Promise((resolve) => server.close(resolve)));

  const database = await openDatabase();
  await connectSharedRedis();
  let webApp: WebApp | null = null;
  if (dev) nextHandle = await nextInThisThread(port, hostname);
  else {
    webApp = await startWebApp(port, hostname, (reason) => {
      log().fatal(`${reason}; stopping.`);
      process.exitCode = 1;
      shutdown("SIGTERM");
    }).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
    nextHandle = webApp.handle;
  }
  jobsContext = { db: database.prisma, sql: database.sql, authSecret: env.authSecret };

  const stopListening = await database.listen();
  // Mail queued in the database is sent in the background; every instance sends, none twice.
  const outbox = startOutboxWorker(database.prisma, configuredTransport());
  // Webhook deliveries likewise: every instance delivers, none the same attempt twice (docs/api.md#webhooks).
  const webhooks = startWebhookWorker(database.prisma);
  const jobs = env.JOBS_ENABLED ? startJobRunner(database.prisma, database.sql) : null;
  let removeServerFile = () => undefined as void;
  const listeningPort = (server.address() as { port: number }).port;
  if (database.kind === "pglite") removeServerFile = writeServerFile(env.DATA_DIR, listeningPort);
  ready();
  const store = database.kind === "postgres" ? "PostgreSQL" : `embedded database in ${env.DATA_DIR}`;
  log().info(
    { port: listeningPort, mode: dev ? "development" : "production", database: database.kind, metrics: metricsOn },
    `Ready on http://localhost:${listeningPort} (${dev ? "development" : "production"}, ${store})`,
  );
  if (metricsServer) log().info(`Metrics on http://${env.METRICS_HOST ?? "127.0.0.1"}:${env.METRICS_PORT}/metrics`);

  // Stop taking requests, finish the ones under way, write every pending analytics event, then close
  // the database (which releases the embedded database's lock).
  let stopping = false;
  let stopStarted = 0;
  const finish = () =>
    void flushAnalytics()
      .then(() => Promise.all([jobs?.stop(), outbox.stop(), webhooks.stop(), webApp?.stop()]))
      .then(() => removeServerFile())
      .then(() => stopListening())
      .then(() => database.close())
      .catch((error: unknown) => log().error({ err: error }, "Shutdown step failed"))
      .finally(() => {
        log().info({ drainMs: Date.now() - stopStarted }, `Stopped; draining took ${Date.now() - stopStarted} ms`);
        process.exit();
      });
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return; // a terminal's Ctrl-C reaches both `npm start` and the server
    stopping = true;
    stopStarted = Date.now();
    log().info({ signal }, `${signal} received: stopping (new connections refused, requests under way finished)`);
    // From now on every answer closes its connection, so busy keep-alive clients cannot hold the
    // drain open (added only now: a second request listener would cost every request until then).
    server.prependListener("request", (_request, response) => response.setHeader("connection", "close"));
    metricsServer?.close();
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

main().catch((error: unknown) => fail(error instanceof Error ? `${error.message}` : String(error)));
