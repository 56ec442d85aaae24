// A second process for the data-folder lock test: opens the embedded database in the folder named
// by its argument, says "open" (or the error it got), then waits to be stopped.
import { createDatabase } from "../../../src/server/db/client";

const dataDir = process.argv[2]!;
try {
  const database = createDatabase({ pglitePath: `${dataDir}/pglite` });
  await database.sql.query("SELECT 1");
  process.stdout.write("open\n");
  process.once("SIGTERM", () => void database.close().finally(() => process.exit(0)));
  setInterval(() => undefined, 60_000);
} catch (error) {
  process.stdout.write(`refused: ${(error as Error).message}\n`);
  process.exit(3);
}
