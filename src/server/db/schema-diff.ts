import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { readMigrationFolders } from "./migrate";

const schemaPath = path.join(process.cwd(), "prisma/schema.prisma");
const migrationsDir = path.join(process.cwd(), "prisma/migrations");
const lockfileName = "migration_lock.toml";

/**
 * The SQL that would bring the migrations folder up to prisma/schema.prisma, or "" when they agree.
 * Runs the schema engine's WASM build against a throwaway in-memory PGlite: no network, no DATABASE_URL.
 */
export async function diffMigrationsToSchema(): Promise<string> {
  const database = inMemoryDatabase();
  try {
    const [Engine, schema, migrationsList] = await Promise.all([loadSchemaEngine(), readFile(schemaPath, "utf8"), readMigrationsList()]);
    const engine = await Engine.new(
      { datamodels: [[schemaPath, schema]] },
      () => {},
      bindMigrationAwareSqlAdapterFactory(database.factory),
    );
    try {
      const result = await engine.diff({
        from: { tag: "migrations", ...migrationsList },
        to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content: schema }] },
        script: true,
        exitCode: true,
        filters: { externalTables: [], externalEnums: [] },
      });
      // 0 means "no changes" (its stdout is a placeholder comment), 2 means "here is the script".
      if (result.exitCode === 0) return "";
      if (result.exitCode === 2 && result.stdout) return result.stdout;
      throw new Error(`Schema engine diff ended with exit code ${result.exitCode}`);
    } finally {
      engine.free();
    }
  } finally {
    await database.dispose();
  }
}

async function readMigrationsList(): Promise<MigrationList> {
  const [folders, lockfile] = await Promise.all([
    readMigrationFolders(migrationsDir),
    readFile(path.join(migrationsDir, lockfileName), "utf8").catch(nullIfMissing),
  ]);
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockfileName, content: lockfile },
    shadowDbInitScript: "",
    migrationDirectories: folders.map((folder) => ({
      path: folder.name,
      migrationFile: { path: "migration.sql", content: { tag: "ok", value: folder.sql } },
    })),
  };
}

function nullIfMissing(error: NodeJS.ErrnoException): null {
  if (error.code === "ENOENT") return null;
  throw error;
}

/**
 * An adapter factory over one in-memory PGlite serving as both main and shadow database: this diff
 * only asks the main database for its version, and a second PGlite would cost another ~3 s start.
 */
function inMemoryDatabase() {
  const pglite = new PGlite("memory://");
  const adapters: SqlDriverAdapter[] = [];
  const connect = async () => {
    const adapter = await new PrismaPGlite(pglite).connect();
    adapters.push(adapter);
    return adapter;
  };
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "pglite-in-memory",
    connect,
    connectToShadowDb: connect,
  };
  // The engine never disposes the adapters it opens, and they leave the PGlite open.
  const dispose = async () => {
    await Promise.all(adapters.map((adapter) => adapter.dispose()));
    await pglite.close();
  };
  return { factory, dispose };
}

let engineClass: Promise<typeof SchemaEngine> | undefined;

/**
 * Node cannot import the package's `.wasm` entry directly, so instantiate it against the JS glue
 * ourselves, once per process (the glue holds a single WASM instance).
 */
function loadSchemaEngine(): Promise<typeof SchemaEngine> {
  engineClass ??= (async () => {
    const gluePath = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmBytes = await readFile(gluePath.replace(/\.js$/, ".wasm"));
    const { instance } = await WebAssembly.instantiate(wasmBytes, {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue.SchemaEngine;
  })();
  return engineClass;
}
