import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { defineJob } from "@/server/jobs/registry";
import { runDueJobs } from "@/server/jobs/runner";

it("stops a catch-up of many periods between two of them once told to stop, leaving the rest for the next run", async () => {
  const ran: string[] = [];
  let stopping = false;
  const job = defineJob({
    name: `catch-up-${randomUUID().slice(0, 8)}`,
    every: "hour",
    catchUp: 24,
    run: ({ periodStart }) => {
      ran.push(periodStart.toISOString());
      if (ran.length === 3) stopping = true;
      return Promise.resolve();
    },
  });
  const now = new Date();
  expect(await runDueJobs(db(), getDatabase().sql, { now, jobs: [job], stopping: () => stopping })).toHaveLength(3);
  expect(ran).toHaveLength(3);
  const rest = await runDueJobs(db(), getDatabase().sql, { now, jobs: [job] });
  expect(rest).toHaveLength(21);
  expect(new Set([...ran, ...rest.map((entry) => new Date(entry.split(" ")[1]!).toISOString())]).size).toBe(24);
});
