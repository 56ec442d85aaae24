import { randomUUID } from "node:crypto";
import { afterAll, inject } from "vitest";
import { createDatabase, useDatabase } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrate";
import { onServer, withDatabase } from "./template-database";

// A real database for every test file: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite.
process.env.AUTH_SECRET ??= "integration-test-secret";
// Fixtures register many accounts and fetch many images from one address; rate-limits tests set their own limits.
process.env.RATE_LIMIT_PASSWORD_PER_MINUTE ??= "100000";
process.env.RATE_LIMIT_SLUG_CHECKS_PER_MINUTE ??= "100000";
process.env.RATE_LIMIT_COSTLY_PER_MINUTE ??= "100000";
process.env.RATE_LIMIT_MAILS_PER_HOUR ??= "100000";

// On PostgreSQL each file works in a copy of the migrated template, and TEST_DATABASE_URL names it
// from here on, so a file's own extra connections (other instances, LISTEN) reach the same database.
const serverUrl = process.env.TEST_DATABASE_URL;
const template = inject("postgresTemplateDatabase");
if (serverUrl && template) {
  const name = `linkbio_file_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  process.env.TEST_DATABASE_URL = withDatabase(serverUrl, name);
  afterAll(() => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

const database = createDatabase({
  databaseUrl: process.env.TEST_DATABASE_URL,
  pgliteTemplateFile: inject("pgliteTemplateFile") ?? undefined,
});
await applyMigrations(database.sql);
useDatabase(database);

afterAll(() => database.close());
