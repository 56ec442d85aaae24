import { z } from "zod";

/** Ids of profiles and links are Prisma cuids: "c" and 24 lower-case letters or digits. */
export const RECORD_ID_PATTERN = /^c[a-z0-9]{24}$/;

export const recordId = z.string({ error: "Invalid id" }).regex(RECORD_ID_PATTERN, "Invalid id");
