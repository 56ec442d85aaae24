import { afterAll, beforeAll, expect, it } from "vitest";
import { db, getDatabase } from "@/server/db/client";
import { JOBS } from "@/server/jobs/all-jobs";
import { customDomainsJob } from "@/server/jobs/custom-domains-job";
import { runDueJobs } from "@/server/jobs/runner";
import { startTestDnsServer, type TestDnsServer } from "../../scripts/test-dns-server";

let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startTestDnsServer();
  process.env.DOMAIN_DNS_SERVERS = dns.address;
});

afterAll(() => dns.close());

it("re-checks custom domains once a day across instances, as a registered job", async () => {
  expect(JOBS).toContain(customDomainsJob);
  // A day of its own, so a database kept between runs (PostgreSQL) has not run it yet.
  const day = Date.UTC(2040, 0, 1) + Math.floor(Math.random() * 3_000_000) * 86_400_000;
  const now = new Date(day + 6 * 3_600_000);
  const first = await runDueJobs(db(), getDatabase().sql, { now, instance: "instance-a", jobs: [customDomainsJob] });
  const second = await runDueJobs(db(), getDatabase().sql, { now, instance: "instance-b", jobs: [customDomainsJob] });
  expect(first).toEqual([`custom-domains ${new Date(day).toISOString()}`]);
  expect(second).toEqual([]);
});
