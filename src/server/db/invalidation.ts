import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaClient } from "@/generated/prisma/client";
import { announcePageChange, EVERY_PAGE, isEmptyChange, mergeChanges, type PageChange } from "./page-changes";

// The channel the database's triggers notify on (migration 20261125200000_page_change_notices).
export const INVALIDATION_CHANNEL = "linkbio_public_pages";
const WRITES = new Set([
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
]);
const SERVED_DOMAIN_FIELDS = ["domain", "status", "active_domain"];
const CREATES = new Set(["create", "createMany", "createManyAndReturn"]);

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields => (value && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {});
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const present = (values: (string | undefined)[]): string[] => values.filter((value): value is string => value !== undefined);

function rowsOf(value: unknown): Fields[] {
  return Array.isArray(value) ? value.map(fieldsOf) : [fieldsOf(value)];
}

/** The one value every row names for `field`, from the write's where, data or result; undefined when unknown. */
function named(field: string, ...sources: Fields[]): string | undefined {
  for (const source of sources) {
    const value = text(source[field]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The pages a write changes, from what the write names (where, data) and returns: a link or a design
 * changes its profile's page; a profile its own page under its old and new slug (the cache finds the
 * old one by profile id); a user every page of theirs. A write too broad to narrow changes everything.
 */
export function changeOfWrite(model: string, operation: string, args: unknown, result: unknown): PageChange {
  const { where: rawWhere, data: rawData } = fieldsOf(args);
  const where = fieldsOf(rawWhere);
  const dataRows = rowsOf(rawData);
  const results = Array.isArray(result) ? result.map(fieldsOf) : [fieldsOf(result)];
  const none: PageChange = { slugs: [], profileIds: [], userIds: [] };
  switch (model) {
    case "User": {
      if (CREATES.has(operation)) return none; // a new account has no pages yet
      const userId = named("id", where, results[0] ?? {});
      return userId ? { ...none, userIds: [userId] } : EVERY_PAGE;
    }
    case "Profile": {
      if (CREATES.has(operation)) {
        const rows = operation === "create" ? results : dataRows;
        const slugs = present(rows.map((row) => text(row.slug)));
        return slugs.length === rows.length ? { ...none, slugs, profileIds: present(rows.map((row) => text(row.id))) } : EVERY_PAGE;
      }
      const profileId = named("id", where);
      const slugs = present([text(where.slug), ...results.map((row) => text(row.slug)), text(dataRows[0]?.slug)]);
      if (profileId) return { ...none, slugs, profileIds: [profileId] };
      const userId = named("user_id", where);
      if (userId) return { ...none, slugs, userIds: [userId] };
      const resultIds = present(results.map((row) => text(row.id)));
      return operation !== "updateMany" && operation !== "deleteMany" && resultIds.length > 0
        ? { ...none, slugs, profileIds: resultIds }
        : EVERY_PAGE;
    }
    case "Link":
    case "DesignSettings": {
      const many = operation === "createMany" || operation === "createManyAndReturn";
      const rows = many ? dataRows : [dataRows[0] ?? {}];
      const profileIds = rows.map((row, index) => named("profile_id", where, row, results[index] ?? {}));
      return profileIds.every((id) => id !== undefined) ? { ...none, profileIds: present(profileIds) } : EVERY_PAGE;
    }
    case "CustomDomain": {
      // The daily re-check's bookkeeping changes nothing served.
      if (operation.startsWith("update") && !dataRows.some((row) => SERVED_DOMAIN_FIELDS.some((field) => field in row))) return none;
      // A profile holds at most one domain: its row is found by profile id, the domain named by the write or its result.
      const profileId = named("profile_id", where, dataRows[0] ?? {}, results[0] ?? {});
      const domains = present([text(where.domain), text(dataRows[0]?.domain), ...results.map((row) => text(row.domain))]);
      return profileId && domains.length > 0 && operation !== "updateMany" && operation !== "deleteMany"
        ? { ...none, profileIds: [profileId], domains }
        : EVERY_PAGE;
    }
    default:
      return none;
  }
}

// Writes made inside a transaction are collected here and announced once it has committed.
const openTransaction = new AsyncLocalStorage<PageChange[]>();

/**
 * Every write to what a public page shows announces the pages it changed to this instance's cache
 * once the write has committed: at once outside a transaction, after `$transaction` resolves
 * inside one, never after a rollback. Other instances hear of it from the database's own triggers
 * (migration 20261125200000_page_change_notices). Click counters are written with raw SQL and do
 * not pass through here.
 */
export function withPageInvalidation(prisma: PrismaClient): PrismaClient {
  const announce = (change: PageChange) => {
    if (!isEmptyChange(change)) announcePageChange(change);
  };
  const invalidating = {
    async $allOperations({
      model,
      operation,
      args,
      query,
    }: {
      model?: string;
      operation: string;
      args: unknown;
      query: (args: unknown) => Promise<unknown>;
    }) {
      const result = await query(args);
      if (!model || !WRITES.has(operation)) return result;
      const change = changeOfWrite(model, operation, args, result);
      const pending = openTransaction.getStore();
      if (pending) pending.push(change);
      else announce(change);
      return result;
    },
  };
  const extended = prisma.$extends({
    query: { user: invalidating, profile: invalidating, link: invalidating, designSettings: invalidating, customDomain: invalidating },
  }) as unknown as PrismaClient;
  const transaction = extended.$transaction.bind(extended) as (...args: unknown[]) => Promise<unknown>;
  const afterCommit = async (...args: unknown[]) => {
    const pending: PageChange[] = [];
    const result = await openTransaction.run(pending, () => transaction(...args));
    announce(mergeChanges(pending));
    return result;
  };
  return new Proxy(extended, {
    get: (target, property) => (property === "$transaction" ? afterCommit : (Reflect.get(target, property) as unknown)),
  });
}
