// A PostgreSQL server of the script's own, in a temporary folder on a port of its choosing, so a
// fault script can restart or stop it without disturbing anyone else's database.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface PrivatePostgres {
  /** Connection string for the `postgres` database (trust authentication). */
  readonly url: string;
  restart(): void;
  /** Stops the server and keeps its data, for `resume`. */
  halt(): void;
  resume(): void;
  stop(): void;
}

function binaries(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, "bin")).find((bin) => fs.existsSync(path.join(bin, "pg_ctl")));
  if (!found) throw new Error(`No PostgreSQL server binaries under ${root} (apt-get install postgresql)`);
  return found;
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const bin = binaries();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "linkbio-pg-"));
  const dataDir = path.join(folder, "data");
  // PostgreSQL refuses to run as root, so under root the server runs as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", folder]);
  const output = path.join(folder, "tools.log");
  // The tools' output goes to a file: a started server would hold a pipe open and block spawnSync.
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ["runuser", "-u", "postgres", "--", path.join(bin, tool), ...args] : [path.join(bin, tool), ...args];
    const fd = fs.openSync(output, "w");
    const result = spawnSync(command[0]!, command.slice(1), { stdio: ["ignore", fd, fd] });
    fs.closeSync(fd);
    if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed:\n${fs.readFileSync(output, "utf8")}`);
  };
  run("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const log = path.join(folder, "server.log");
  run("pg_ctl", ["-D", dataDir, "-o", options, "-l", log, "-w", "start"]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    restart: () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "restart"]),
    halt: () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
    resume: () => run("pg_ctl", ["-D", dataDir, "-o", options, "-l", log, "-w", "start"]),
    stop: () => {
      try {
        // Already stopped (halted and never resumed) is fine: only the folder is left to remove.
        if (fs.existsSync(path.join(dataDir, "postmaster.pid"))) run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
