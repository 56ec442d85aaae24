import next from "next";
import { AppUrlError, appOrigin, checkAppUrl, configuredPort } from "@/server/config/app-origin";
import { env, EnvironmentError, setVariable, validateEnvironment } from "@/server/config/env";
import { ensureSecrets, MissingSecretError } from "@/server/config/secrets";
import { prepareDatabase } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/data-dir-lock";
import { MigrationError } from "@/server/db/migrate";
import { createAppServer } from "@/server/pipeline/request-pipeline";
import { flushAnalytics } from "@/server/services/analytics/ingest";

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
  const handle = app.getRequestHandler();
  const trustProxy = env.TRUST_PROXY;

  const stopListening = await database.listen();
  const server = createAppServer(handle, trustProxy);
  // Idle keep-alive sockets outlive a proxy's (typically 60 s), so the server is never the side that
  // closes one just as a client reuses it (the client would see ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, hostname, () => {
    const store = database.kind === "postgres" ? "PostgreSQL" : `embedded database in ${env.DATA_DIR}`;
    console.log(`  Ready on http://localhost:${port} (${dev ? "development" : "production"}, ${store})`);
  });

  // Stop taking requests, finish the ones under way, write every pending analytics event, then close
  // the database (which releases the embedded database's lock).
  let stopping = false;
  // While stopping, every answer closes its connection, so busy keep-alive clients cannot hold the drain open.
  server.prependListener("request", (_request, response) => {
    if (stopping) response.setHeader("connection", "close");
  });
  const finish = () =>
    void flushAnalytics()
      .then(() => stopListening())
      .then(() => database.close())
      .finally(() => process.exit(0));
  const shutdown = () => {
    if (stopping) return; // a terminal's Ctrl-C reaches both `npm start` and the server
    stopping = true;
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
