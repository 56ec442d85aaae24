// CPU time used by processes, read from Linux /proc, for the benchmarks: a process with every
// descendant, the children this process has waited for (the load generator), and PostgreSQL's
// backends serving one database.
import fs from "node:fs";
import pg from "pg";

/** utime + stime + cutime + cstime of /proc/<pid>/stat fields after the command name, in clock ticks of 1/100 s. */
function statOf(pid: number | "self"): { parent: number; own: number; waitedChildren: number } | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return {
      parent: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) / 100,
      waitedChildren: (Number(fields[13]) + Number(fields[14])) / 100,
    };
  } catch {
    return null;
  }
}

/** Every live process: its parent's pid. */
function parents(): Map<number, number> {
  const found = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = statOf(Number(name));
    if (stat) found.set(Number(name), stat.parent);
  }
  return found;
}

/** `root` and its descendants now alive. */
export function processTree(root: number): number[] {
  const parentOf = parents();
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  return tree.filter((pid) => parentOf.has(pid));
}

/** CPU seconds used so far by `root` and its descendants, those already ended and waited for included. */
export function treeCpuSeconds(root: number): number {
  return processTree(root).reduce((sum, pid) => {
    const stat = statOf(pid);
    return sum + (stat ? stat.own + (pid === root ? stat.waitedChildren : 0) : 0);
  }, 0);
}

/** CPU seconds used by the children this process has already waited for (a load generator once it exited). */
export function waitedChildrenCpuSeconds(): number {
  return statOf("self")?.waitedChildren ?? 0;
}

/** CPU seconds of PostgreSQL's backends serving `databaseUrl`'s database (the one asking excluded), by backend pid; same machine only. */
export async function postgresBackends(
  databaseUrl: string,
): Promise<{ sample: () => Promise<Map<number, number>>; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    sample: async () => {
      const { rows } = await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      return new Map(rows.map((row) => [row.pid, statOf(row.pid)?.own ?? 0]));
    },
    close: () => client.end(),
  };
}

/** CPU seconds the backends alive at `after` used since `before` (a backend that ended in between is not counted). */
export function backendsCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
}
