// Visitor traffic for the operations scripts: clicks from ever-new addresses (so no per-address rule
// refuses or folds them), tallied the way the fault checks need: what the server acknowledged.
import { performance } from "node:perf_hooks";
import { Pool } from "undici";
import { USER_AGENTS } from "./bench-common";

// Public first octets only, so the bundled country database and the address rules treat them as real.
const FIRST_OCTETS = [11, 23, 31, 45, 62, 77, 88, 91, 104, 141, 151, 176, 185, 201, 212];

/** The n-th of about 250 million distinct public-looking IPv4 addresses. */
export function visitorAddress(n: number): string {
  const first = FIRST_OCTETS[Math.floor(n / 16_777_216) % FIRST_OCTETS.length]!;
  return `${first}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${1 + ((n & 255) % 254)}`;
}

export function visitorHeaders(n: number): Record<string, string> {
  return { "user-agent": USER_AGENTS[n % USER_AGENTS.length]!, "x-forwarded-for": visitorAddress(n) };
}

export interface ClickTally {
  /** Requests written to a connection: the most clicks the database may hold. */
  sent: number;
  /** 204 with `x-click-recorded: true`: the server says the click is committed. */
  acknowledged: number;
  /** 204 without the recorded mark (a rule declined to count it). */
  declined: number;
  /** Other answers and transport errors, by status or error code. */
  failures: Map<string, number>;
}

export const emptyTally = (): ClickTally => ({ sent: 0, acknowledged: 0, declined: 0, failures: new Map() });

export function addTally(into: ClickTally, from: ClickTally): void {
  into.sent += from.sent;
  into.acknowledged += from.acknowledged;
  into.declined += from.declined;
  for (const [reason, count] of from.failures) into.failures.set(reason, (into.failures.get(reason) ?? 0) + count);
}

export function describeTally(tally: ClickTally): string {
  const failures = [...tally.failures].map(([reason, count]) => `${reason} x${count}`).join(", ");
  return `sent ${tally.sent}, acknowledged ${tally.acknowledged}, declined ${tally.declined}${failures ? `, failed: ${failures}` : ""}`;
}

let nextVisitor = 0;

/**
 * `clients` keep-alive clients click `linkId` until `until` resolves, each click from a new address.
 * Returns the tally; failures (refused connections while the server is down) do not stop the load.
 */
export async function clickLoad(
  baseUrl: string,
  linkId: string,
  clients: number,
  until: Promise<unknown>,
  tally = emptyTally(),
): Promise<ClickTally> {
  let running = true;
  void until.then(() => (running = false));
  const pool = new Pool(baseUrl, { connections: clients, pipelining: 1, connectTimeout: 2_000 });
  const path = `/api/v1/links/${linkId}/click/`;
  const fail = (reason: string) => tally.failures.set(reason, (tally.failures.get(reason) ?? 0) + 1);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (running) {
        const headers = { ...visitorHeaders(nextVisitor++), "content-type": "text/plain;charset=UTF-8" };
        tally.sent += 1;
        try {
          const response = await pool.request({ method: "POST", path, headers, body: "{}" });
          await response.body.dump();
          if (response.statusCode === 204 && response.headers["x-click-recorded"] === "true") tally.acknowledged += 1;
          else if (response.statusCode === 204) tally.declined += 1;
          else fail(`HTTP ${response.statusCode}`);
        } catch (error) {
          const code = (error as { code?: string }).code ?? (error as Error).message;
          fail(code);
          // A server that is down refuses at once; pause so the loop does not spin.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }),
  );
  await pool.destroy();
  return tally;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds since `started`, to one decimal. */
export const since = (started: number) => Math.round((performance.now() - started) * 10) / 10;
