import { importApplyInput, importPreviewInput, importProgress, importProgressInput } from "@/lib/schemas/import";
import { UPLOAD_BODY_LIMIT } from "@/lib/openapi/operations";
import * as s from "@/lib/openapi/schemas";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import { applyImport } from "@/server/services/import/apply";
import { readProgress } from "@/server/services/import/progress";
import { readSource, toPreview } from "@/server/services/import/read-source";
import { toLinkDto } from "@/server/services/links/serialize";
import { toProfileDto } from "@/server/services/profiles/serialize";

/** The files travel as text inside the JSON body; an export carries its images inline. */
const IMPORT_ROOM = UPLOAD_BODY_LIMIT;

const SOURCES =
  "`source` is `linktree` (with `url`, a page address, or `content`, the page's saved HTML), `linkstack` (a LinkStack export file), `csv` (`title,url` and an optional `type` column) or `linkbio` (this app's own export, version 1) in `content`.";
const REFUSALS =
  "400 `This page could not be read as a Linktree page` (and the like for each kind of file), for an address that is not public (nothing is fetched), and `There is nothing to import…` for an empty source; 429 over `RATE_LIMIT_IMPORTS_PER_HOUR` imports from the web.";

export const importRouter = createTRPCRouter({
  preview: protectedProcedure
    .meta({
      uploadRoom: IMPORT_ROOM,
      rest: {
        method: "POST",
        path: "/profiles/import/preview/",
        scope: "profiles:write",
        tag: "Profile",
        auth: "bearer",
        body: "ImportPreviewRequest",
        maxBodyBytes: UPLOAD_BODY_LIMIT,
        summary: "What an import would create, without writing anything",
        description: `${SOURCES} A page address is fetched under the import's rules (http(s) only, public addresses only, at most 3 redirects, 5 s, 2 MB). ${REFUSALS}`,
        success: { status: 200, schema: "ImportPreview", description: "The profile fields and links, in the order they would be created." },
        errors: [400, 429],
      },
    })
    .input(importPreviewInput)
    .output(s.importPreview)
    .mutation(async ({ ctx, input }) => toPreview(await readSource(input, { userId: ctx.userId, clientIp: ctx.clientIp }))),

  confirm: protectedProcedure
    .meta({
      uploadRoom: IMPORT_ROOM,
      rest: {
        method: "POST",
        path: "/profiles/import/",
        scope: "profiles:write",
        tag: "Profile",
        auth: "bearer",
        body: "ImportRequest",
        maxBodyBytes: UPLOAD_BODY_LIMIT,
        summary: "Import a page or file into the current profile or a new one",
        description: `The preview's body plus \`target\` (\`current\`: links added after the current profile's own; \`new\`: a new profile named \`slug\`) and, optionally, \`include\` (what was ticked) and \`fingerprint\`. All or nothing: images are copied into this app first, then one transaction writes. ${REFUSALS}`,
        success: {
          status: 201,
          schema: "ImportResult",
          description: "The resulting profile with its links, and what could not be brought.",
        },
        errors: [400, 404, 429],
      },
    })
    .input(importApplyInput)
    .output(s.importResult)
    .mutation(async ({ ctx, input }) => {
      const result = await applyImport(ctx.db, input, { userId: ctx.userId, clientIp: ctx.clientIp });
      return { profile: toProfileDto(result.profile), links: result.links.map(toLinkDto), not_imported: result.notImported };
    }),

  /** How far the caller's running import (its `progress_key`) has got, for the import screen. */
  progress: protectedProcedure
    .input(importProgressInput)
    .output(importProgress)
    .query(({ ctx, input }) => readProgress(input.key, ctx.userId)),
});
