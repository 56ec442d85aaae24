import { useDatabase, type Database } from "@/server/db/client";

// Unit tests run without a database. One that reaches for it fails here rather than opening the
// embedded default, which would write a database into the checkout.
const missing = (): never => {
  throw new Error("This test reached the database: integration tests belong under tests/integration (vitest.config.ts).");
};
// `then` is asked by the promise that useDatabase resolves with it: the proxy is no thenable.
const noDatabase = new Proxy({} as Database, { get: (_, key) => (key === "then" ? undefined : missing()) });
useDatabase(noDatabase);
