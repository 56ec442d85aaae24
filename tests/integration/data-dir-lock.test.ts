import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "@/server/db/client";
import { DataDirLockedError } from "@/server/db/data-dir-lock";

const PROGRAM = path.join(import.meta.dirname, "programs", "open-data-dir.ts");
const children: ChildProcess[] = [];
const folders: string[] = [];

function tempDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "linkbio-lock-"));
  folders.push(folder);
  return folder;
}

/** Starts another process on `dataDir` and resolves with its first line ("open" or "refused: ..."). */
function otherProcess(dataDir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", PROGRAM, dataDir], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n")) resolve({ child, line: output.split("\n")[0]! });
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before answering: ${output}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve)));

afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill("SIGKILL");
    await exited(child);
  }
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

// Creating an embedded database on disk takes seconds (initdb), several times here.
describe("the embedded database has one owner", { timeout: 180_000 }, () => {
  it("refuses a second process on the same data folder, naming the one that holds it", async () => {
    const dataDir = tempDataDir();
    const first = await otherProcess(dataDir);
    expect(first.line).toBe("open");

    const error = (() => {
      try {
        createDatabase({ pglitePath: path.join(dataDir, "pglite") });
        return null;
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as DataDirLockedError).pid).toBe(first.child.pid);
    expect((error as Error).message).toContain(`process ${first.child.pid}`);

    const second = await otherProcess(dataDir).catch((failure: Error) => ({ child: null, line: failure.message }));
    expect(second.line).toContain(`refused: the embedded database in ${dataDir} is already open in process ${first.child.pid}`);
  });

  it("is taken over once its owner was killed without releasing it", async () => {
    const dataDir = tempDataDir();
    const first = await otherProcess(dataDir);
    expect(first.line).toBe("open");
    first.child.kill("SIGKILL");
    await exited(first.child);

    const database = createDatabase({ pglitePath: path.join(dataDir, "pglite") });
    await expect(database.sql.query<{ one: number }>("SELECT 1 AS one")).resolves.toEqual([{ one: 1 }]);
    await database.close();
    // Closing releases it, so the next owner starts without a stale lock.
    expect((await otherProcess(dataDir)).line).toBe("open");
  });
});
