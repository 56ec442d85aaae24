import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is already open in process ${pid}. Stop that process first, or use another DATA_DIR (or DATABASE_URL).`,
    );
    this.name = "DataDirLockedError";
  }
}

const LOCK_FILE = "owner.pid";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function ownerOf(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Makes this process the only one with the embedded database in `dataDir` open (two writers destroy
 * it). The lock file holds the owner's pid; a lock whose process is gone (killed with -9) is taken
 * over. Returns the release, which removes the file only while it is still ours.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = fs.openSync(lockFile, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        if (ownerOf(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = ownerOf(lockFile);
    if (owner === process.pid) return () => undefined; // this process already holds it
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    // The owner died without releasing (or had not written its pid yet): only a file still naming it goes.
    if (owner === null) {
      const age = Date.now() - (fs.statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age < 2_000) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500); // the owner may be writing its pid now
        continue;
      }
    }
    if (ownerOf(lockFile) === owner) fs.rmSync(lockFile, { force: true });
  }
  throw new Error(`Could not take the lock ${lockFile}; remove it if no server uses ${dataDir}.`);
}
