import { createHash, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { applyMigrations, MigrationError } from "@/server/db/migrate";
import { diffMigrationsToSchema } from "@/server/db/schema-diff";
import { pgliteTarget, pgPoolTarget, type SqlTarget } from "@/server/db/sql-target";

const projectMigrationsDir = path.join(process.cwd(), "prisma/migrations");

/** An empty schema to migrate, so scenarios can share one database without seeing each other. */
interface Scope {
  target: SqlTarget;
  drop(): Promise<void>;
}

interface Backend {
  name: string;
  openScope(): Promise<Scope>;
}

const uniqueSchemaName = () => `migrations_test_${randomUUID().replaceAll("-", "")}`;

let pglite: PGlite | undefined;
const pgliteBackend: Backend = {
  name: "PGlite",
  async openScope() {
    pglite ??= await PGlite.create("memory://");
    const db = pglite;
    const schema = uniqueSchemaName();
    await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema};`);
    return {
      target: pgliteTarget(db),
      drop: async () => {
        await db.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE;`);
      },
    };
  },
};
afterAll(() => pglite?.close());

function postgresBackend(connectionString: string): Backend {
  return {
    name: "PostgreSQL",
    async openScope() {
      const schema = uniqueSchemaName();
      const admin = new pg.Client({ connectionString });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const pool = new pg.Pool({ connectionString, options: `-c search_path=${schema}`, max: 4 });
      return {
        target: pgPoolTarget(pool),
        drop: async () => {
          await pool.end();
          await admin.query(`DROP SCHEMA ${schema} CASCADE`);
          await admin.end();
        },
      };
    },
  };
}

const backends = [pgliteBackend];
if (process.env.TEST_DATABASE_URL) backends.push(postgresBackend(process.env.TEST_DATABASE_URL));

async function openScope(backend: Backend): Promise<SqlTarget> {
  const scope = await backend.openScope();
  onTestFinished(() => scope.drop());
  return scope.target;
}

async function tableExists(target: SqlTarget, table: string): Promise<boolean> {
  const [row] = await target.query<{ exists: boolean }>("SELECT to_regclass(quote_ident($1)) IS NOT NULL AS exists", [table]);
  return row?.exists ?? false;
}

interface RecordedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  applied_steps_count: number;
}

async function recordedMigrations(target: SqlTarget): Promise<RecordedRow[]> {
  return target.query<RecordedRow>(
    `SELECT migration_name, checksum, finished_at, applied_steps_count
     FROM _prisma_migrations ORDER BY migration_name`,
  );
}

/** A throwaway migrations folder holding the given migration.sql files, removed after the test. */
async function migrationsFolder(migrations: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "migrations-test-"));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeMigrations(dir, migrations);
  return dir;
}

async function writeMigrations(dir: string, migrations: Record<string, string>): Promise<void> {
  for (const [name, sql] of Object.entries(migrations)) {
    await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, name, "migration.sql"), sql);
  }
}

async function migrationFailure(run: Promise<unknown>): Promise<MigrationError> {
  const error = await run.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(MigrationError);
  return error as MigrationError;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("schema and migrations", () => {
  it("agree: the migrations folder already builds prisma/schema.prisma", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  });
});

describe.each(backends)("applyMigrations on $name", (backend) => {
  let projectMigrations: string[];
  beforeAll(async () => {
    const entries = await readdir(projectMigrationsDir, { withFileTypes: true });
    projectMigrations = entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  });

  it("applies every migration once, recording Prisma's bookkeeping rows", async () => {
    const target = await openScope(backend);
    const logged: string[] = [];

    const first = await applyMigrations(target, projectMigrationsDir, (line) => logged.push(line));

    expect(first.applied).toEqual(projectMigrations);
    expect(logged).toEqual(projectMigrations.map((name) => `Applied migration ${name}`));
    expect(await tableExists(target, "User")).toBe(true);
    const rows = await recordedMigrations(target);
    const expectedChecksums = await Promise.all(
      projectMigrations.map(async (name) => sha256(await readFile(path.join(projectMigrationsDir, name, "migration.sql")))),
    );
    expect(rows.map((row) => [row.migration_name, row.checksum, row.applied_steps_count])).toEqual(
      projectMigrations.map((name, i) => [name, expectedChecksums[i], 1]),
    );
    expect(rows.every((row) => row.finished_at instanceof Date)).toBe(true);

    expect((await applyMigrations(target, projectMigrationsDir)).applied).toEqual([]);
  });

  it("creates _prisma_migrations with the native engine's columns", async () => {
    const target = await openScope(backend);
    await applyMigrations(target, await migrationsFolder({}));

    const columns = await target.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_name = '_prisma_migrations' AND table_schema = current_schema() ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => `${c.column_name} ${c.data_type} ${c.is_nullable}`)).toEqual([
      "id character varying NO",
      "checksum character varying NO",
      "finished_at timestamp with time zone YES",
      "migration_name character varying NO",
      "logs text YES",
      "rolled_back_at timestamp with time zone YES",
      "started_at timestamp with time zone NO",
      "applied_steps_count integer NO",
    ]);
  });

  it("leaves no trace of a migration that fails part-way", async () => {
    const target = await openScope(backend);
    const dir = await migrationsFolder({
      "20240101000000_first": "CREATE TABLE first_table (id INTEGER);",
      "20240102000000_broken": "CREATE TABLE half_done (id INTEGER);\nCREATE TABLE broken (;",
      "20240103000000_after": "CREATE TABLE after_table (id INTEGER);",
    });

    const failure = await migrationFailure(applyMigrations(target, dir));

    expect(failure.migrationName).toBe("20240102000000_broken");
    expect(failure.message).toMatch(/^Migration 20240102000000_broken failed: syntax error at or near ";"$/);
    expect(await tableExists(target, "first_table")).toBe(true);
    expect(await tableExists(target, "half_done")).toBe(false);
    expect(await tableExists(target, "after_table")).toBe(false);
    expect((await recordedMigrations(target)).map((row) => row.migration_name)).toEqual(["20240101000000_first"]);
  });

  it("refuses to go on when an applied migration was edited", async () => {
    const target = await openScope(backend);
    const dir = await migrationsFolder({ "20240101000000_first": "CREATE TABLE first_table (id INTEGER);" });
    await applyMigrations(target, dir);
    await writeMigrations(dir, {
      "20240101000000_first": "CREATE TABLE first_table (id BIGINT);",
      "20240102000000_second": "CREATE TABLE second_table (id INTEGER);",
    });

    const refusal = await migrationFailure(applyMigrations(target, dir));

    expect(refusal.migrationName).toBe("20240101000000_first");
    expect(refusal.message).toMatch(/^Migration 20240101000000_first failed: migration.sql was changed after it was applied/);
    expect(await tableExists(target, "second_table")).toBe(false);
  });

  it("lets concurrent starters apply each migration exactly once", async () => {
    const target = await openScope(backend);

    const results = await Promise.all([applyMigrations(target, projectMigrationsDir), applyMigrations(target, projectMigrationsDir)]);

    expect(results.flatMap((result) => result.applied).sort()).toEqual(projectMigrations);
    expect(await recordedMigrations(target)).toHaveLength(projectMigrations.length);
  });
});
