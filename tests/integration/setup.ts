import { afterAll, inject } from "vitest";
import { createDatabase, useDatabase } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrate";

// A real database for every test file: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite.
process.env.AUTH_SECRET ??= "integration-test-secret";
// Fixtures register many accounts and fetch many images from one address; rate-limits tests set their own limits.
process.env.RATE_LIMIT_PASSWORD_PER_MINUTE ??= "100000";
process.env.RATE_LIMIT_SLUG_CHECKS_PER_MINUTE ??= "100000";
process.env.RATE_LIMIT_COSTLY_PER_MINUTE ??= "100000";
process.env.RATE_LIMIT_MAILS_PER_HOUR ??= "100000";
const database = createDatabase({
  databaseUrl: process.env.TEST_DATABASE_URL,
  pgliteTemplateFile: inject("pgliteTemplateFile") ?? undefined,
});
await applyMigrations(database.sql);
useDatabase(database);

afterAll(() => database.close());
