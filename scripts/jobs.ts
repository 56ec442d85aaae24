// `npm run jobs -- digest|monthly|custom-domains [--date YYYY-MM-DD]`: runs one job by hand, as if it were that day.
// On the embedded database a running server owns the data, so it is asked to run the job; the job
// runs here only when no server holds the data folder (then queued mail is sent before exiting).
import { parseArgs } from "node:util";
import { env, validateEnvironment } from "@/server/config/env";
import { ensureSecrets } from "@/server/config/secrets";
import { prepareDatabase } from "@/server/db/client";
import { JOBS } from "@/server/jobs/all-jobs";
import { jobRequest, jobsKey, JOBS_PATH, readServerFile } from "@/server/jobs/remote";
import { runJobByHand } from "@/server/jobs/runner";
import { deliverDue } from "@/server/services/mail/outbox";
import { configuredTransport } from "@/server/services/mail/transport";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { date: { type: "string" } } });
const names = JOBS.map((job) => job.name).join("|");
const parsed = jobRequest.safeParse({ job: positionals[0], date: values.date ?? new Date().toISOString().slice(0, 10) });
if (positionals.length !== 1 || !parsed.success) {
  console.error(`Usage: npm run jobs -- ${names} [--date YYYY-MM-DD]`);
  process.exit(2);
}
const { job, date } = parsed.data;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

validateEnvironment();
ensureSecrets();

const running = env.DATABASE_URL ? null : readServerFile(env.DATA_DIR);
if (running && isAlive(running.pid)) {
  const response = await fetch(`http://127.0.0.1:${running.port}${JOBS_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-jobs-key": jobsKey(env.authSecret) },
    body: JSON.stringify({ job, date }),
  });
  const body = (await response.json()) as { detail?: string };
  console.log(`Asked the server on port ${running.port} (pid ${running.pid}): ${body.detail ?? response.status}`);
  process.exit(response.ok ? 0 : 1);
}

const database = await prepareDatabase();
await runJobByHand(database.prisma, database.sql, job, new Date(`${date}T00:00:00Z`));
const transport = configuredTransport();
let sent = 0;
for (let batch = await deliverDue(database.prisma, transport); batch.claimed > 0; batch = await deliverDue(database.prisma, transport))
  sent += batch.sent;
transport.close();
console.log(`Ran ${job} as of ${date}${env.DATABASE_URL ? "" : ` on the embedded database in ${env.DATA_DIR}`}; sent ${sent} message(s).`);
await database.close();
