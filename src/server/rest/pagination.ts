import type { z } from "zod";
import { PAGE_SIZE, pageQuery, type linkPage } from "@/lib/openapi/schemas";
import { RestError } from "./errors";

/** The paging fields every list answer shares (`linkPage`, `profilePage`), around any item. */
export type Page<T> = Omit<z.infer<typeof linkPage>, "results"> & { results: T[] };

/** One page of a list the router returned whole; `next`/`previous` keep the request's other parameters. */
export function paginate<T>(items: T[], url: URL, query: unknown): Page<T> {
  const page = pageQuery.parse(query).page ?? 1; // a ZodError is answered 400 with the field's message
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  if (page > pages) throw new RestError(404, "Invalid page.");
  const link = (target: number) => {
    const address = new URL(url);
    if (target === 1) address.searchParams.delete("page");
    else address.searchParams.set("page", String(target));
    return address.toString();
  };
  return {
    count: items.length,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
  };
}
