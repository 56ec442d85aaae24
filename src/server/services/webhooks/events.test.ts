import { describe, expect, it } from "vitest";
import type { SqlTarget } from "@/server/db/sql-target";
import { clickWebhookOwners, forgetClickWebhookOwners } from "./events";

/** A database that answers one account with a `link.clicked` webhook and counts how often it is asked. */
function countingDatabase() {
  const asked = { count: 0 };
  const sql: SqlTarget = {
    exec: () => Promise.resolve(),
    query: <T>() => {
      asked.count += 1;
      return Promise.resolve([{ user_id: "subscriber" }] as T[]);
    },
    transaction: (fn) => fn(sql),
  };
  return { sql, asked };
}

describe("the accounts with a link.clicked webhook", () => {
  it("are read at most every 5 s, not once per click, and again at once when forgotten", async () => {
    forgetClickWebhookOwners();
    const { sql, asked } = countingDatabase();
    const start = 1_000_000;
    expect([...(await clickWebhookOwners(sql, start))]).toEqual(["subscriber"]);
    for (let click = 1; click <= 100; click++) await clickWebhookOwners(sql, start + click * 10);
    expect(asked.count).toBe(1);
    await clickWebhookOwners(sql, start + 5_000);
    expect(asked.count).toBe(2);
    forgetClickWebhookOwners();
    await clickWebhookOwners(sql, start + 5_001);
    expect(asked.count).toBe(3);
  });
});
