import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";
import { ServiceError } from "../errors";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (the library's default algorithm is argon2id).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes run off the main thread, at most this many at once, so a flood of password checks leaves CPU for everyone else. */
export const HASHING_AT_ONCE = 2;
/** Hashes waiting their turn beyond which a new one is refused (about a second of waiting on this machine). */
export const HASHING_QUEUE = 32;
export const HASHING_BUSY = "The server is busy checking passwords. Please try again in 1 second.";

// Next's bundle holds copies of this module (and `npm run dev` the server's beside them); one queue per thread.
const slot = globalThis as unknown as { __linkbioHashing?: ReturnType<typeof pLimit> };
const hashing = (slot.__linkbioHashing ??= pLimit(HASHING_AT_ONCE));

/** Runs one hash in its turn; refused with 429 at once when the queue is full. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= HASHING_QUEUE) {
    return Promise.reject(new ServiceError("TOO_MANY_REQUESTS", HASHING_BUSY, { retryAfterSeconds: 1 }));
  }
  return hashing(work);
}

export function hashPassword(password: string): Promise<string> {
  return queued(() => hash(password, options));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return queued(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/** Spent on unknown emails too, so response time does not reveal which accounts exist. */
const decoyHash = hash("decoy-password-for-timing", options);
export async function burnVerificationTime(password: string): Promise<void> {
  await verifyPassword(await decoyHash, password);
}
