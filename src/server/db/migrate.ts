import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { SqlTarget } from "./sql-target";

export interface MigrationFolder {
  name: string;
  sql: string;
  /** sha256 hex of migration.sql's bytes, as Prisma records it. */
  checksum: string;
}

export class MigrationError extends Error {
  constructor(
    readonly migrationName: string,
    override readonly cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${migrationName} failed: ${reason}`, { cause });
    this.name = "MigrationError";
  }
}

interface RecordedMigration {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
}

// Prisma Migrate's own lock key, so this runner and `prisma migrate deploy` also exclude each other.
// Read committed, so the statements after the wait see what the previous holder committed.
const MIGRATE_LOCK = `SET TRANSACTION ISOLATION LEVEL READ COMMITTED;
SELECT pg_advisory_xact_lock(72707369);`;

// The native schema engine's DDL, column for column.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`;

export async function readMigrationFolders(migrationsDir: string): Promise<MigrationFolder[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(migrationsDir, name, "migration.sql"));
      return { name, sql: bytes.toString("utf8"), checksum: sha256(bytes) };
    }),
  );
}

/** Applies pending migrations in name order, each with its bookkeeping row in one transaction. */
export async function applyMigrations(
  target: SqlTarget,
  migrationsDir = path.join(process.cwd(), "prisma/migrations"),
  log?: (line: string) => void,
): Promise<{ applied: string[] }> {
  const migrations = await readMigrationFolders(migrationsDir);
  const applied: string[] = [];
  for (;;) {
    // Each round re-reads the history under the lock, so a concurrent starter's work is never redone.
    const appliedName = await target.transaction(async (tx) => {
      await tx.exec(MIGRATE_LOCK);
      const recorded = await readOrCreateHistory(tx);
      for (const migration of migrations) {
        const row = recorded.get(migration.name);
        if (row) assertUnchanged(migration, row);
      }
      const next = migrations.find((migration) => !recorded.has(migration.name));
      if (next) await applyOne(tx, next);
      return next?.name;
    });
    if (!appliedName) return { applied };
    applied.push(appliedName);
    log?.(`Applied migration ${appliedName}`);
  }
}

async function readOrCreateHistory(tx: SqlTarget): Promise<Map<string, RecordedMigration>> {
  const [table] = await tx.query<{ exists: boolean }>("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists");
  if (!table?.exists) {
    await tx.exec(CREATE_MIGRATIONS_TABLE);
    return new Map();
  }
  const rows = await tx.query<RecordedMigration>(
    `SELECT migration_name, checksum, finished_at FROM _prisma_migrations
     WHERE rolled_back_at IS NULL ORDER BY started_at`,
  );
  return new Map(rows.map((row) => [row.migration_name, row]));
}

function assertUnchanged(migration: MigrationFolder, row: RecordedMigration): void {
  if (row.finished_at === null) {
    throw new MigrationError(
      migration.name,
      new Error("it is recorded as unfinished in _prisma_migrations; resolve it with `prisma migrate resolve`"),
    );
  }
  if (!matchesChecksum(migration.sql, row.checksum)) {
    throw new MigrationError(
      migration.name,
      new Error(`migration.sql was changed after it was applied (recorded checksum ${row.checksum})`),
    );
  }
}

async function applyOne(tx: SqlTarget, migration: MigrationFolder): Promise<void> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at)
     VALUES ($1, $2, $3, clock_timestamp())`,
    [id, migration.checksum, migration.name],
  );
  try {
    await tx.exec(migration.sql);
  } catch (error) {
    throw new MigrationError(migration.name, error);
  }
  await tx.query("UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1", [id]);
}

// Prisma treats a file whose only change is its line endings (a Windows checkout) as unchanged.
function matchesChecksum(sql: string, checksum: string): boolean {
  const variants = [sql, sql.replaceAll("\r\n", "\n"), sql.replaceAll("\n", "\r\n")];
  return variants.some((variant) => sha256(variant) === checksum);
}

function sha256(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}
