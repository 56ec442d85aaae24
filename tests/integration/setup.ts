import { afterAll } from "vitest";
import { createDatabase, useDatabase } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrate";

// A real database for every test file: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite.
process.env.AUTH_SECRET ??= "integration-test-secret";
const database = createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
await applyMigrations(database.sql);
useDatabase(database);

afterAll(() => database.close());
