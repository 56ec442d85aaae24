import type { PrismaClient } from "@/generated/prisma/client";
import { invalidatePublicPages } from "@/server/public-page/page-cache";

export const INVALIDATION_CHANNEL = "linkbio_public_pages";
const WRITES = new Set([
  "create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany",
]);
// A write inside a transaction is seen before it commits; a second pass after a short delay
// clears any page rendered from the not-yet-committed state in between.
const AFTER_COMMIT_MS = 250;

/**
 * Every write to what a public page shows empties the page cache, here and (through `notify`)
 * on other instances. Click counters are written with raw SQL and do not pass through here.
 */
export function withPageInvalidation(prisma: PrismaClient, notify: () => void): PrismaClient {
  const onWrite = () => {
    invalidatePublicPages();
    notify();
    setTimeout(() => {
      invalidatePublicPages();
      notify();
    }, AFTER_COMMIT_MS).unref();
  };
  const invalidating = {
    async $allOperations({ operation, args, query }: { operation: string; args: unknown; query: (args: unknown) => Promise<unknown> }) {
      const result = await query(args);
      if (WRITES.has(operation)) onWrite();
      return result;
    },
  };
  return prisma.$extends({
    query: { user: invalidating, profile: invalidating, link: invalidating, designSettings: invalidating },
  }) as unknown as PrismaClient;
}
