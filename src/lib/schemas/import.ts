import { z } from "zod";
import { LINK_TYPES } from "./link";
import { slugSchema } from "./profile";

// "Switching in one minute" (docs/creators.md#importing-a-page): what the import screen and
// POST /profiles/import/preview/ and /profiles/import/ take and answer.

export const IMPORT_SOURCES = ["linktree", "linkstack", "csv", "linkbio"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  linktree: "Linktree page",
  linkstack: "LinkStack export",
  csv: "CSV file",
  linkbio: "Linkbio export",
};

/** A file or saved page, as text; an export carries its images inline, so it may be large. */
export const IMPORT_CONTENT_MAX_LENGTH = 14 * 1024 * 1024;
/** Most links one import creates. */
export const IMPORT_MAX_LINKS = 500;

const sourceFields = {
  source: z.enum(IMPORT_SOURCES, { error: 'source must be "linktree", "linkstack", "csv" or "linkbio"' }),
  url: z
    .string()
    .trim()
    .max(2048, "URL must be at most 2048 characters")
    .optional()
    .meta({ description: "A Linktree page address (https://linktr.ee/name); only for `linktree`." }),
  content: z
    .string()
    .max(IMPORT_CONTENT_MAX_LENGTH, "The file is too large to import")
    .optional()
    .meta({ description: "The file's text: the page's saved HTML, a LinkStack export, a CSV file or a Linkbio export." }),
};

/** One of an address or a file, and an address only for a Linktree page. */
function oneSource(input: { source: ImportSource; url?: string; content?: string }, context: z.RefinementCtx): void {
  const hasUrl = Boolean(input.url);
  const hasContent = input.content !== undefined && input.content.trim() !== "";
  if (hasUrl && input.source !== "linktree") {
    context.addIssue({
      code: "custom",
      path: ["url"],
      message: "Only a Linktree page can be read from an address; choose the file instead",
    });
  } else if (hasUrl && hasContent) {
    context.addIssue({ code: "custom", path: ["content"], message: "Give either the page's address or its saved HTML, not both" });
  } else if (!hasUrl && !hasContent) {
    const message = input.source === "linktree" ? "Enter the Linktree page's address or paste its saved HTML" : "Choose a file to import";
    context.addIssue({ code: "custom", path: [input.source === "linktree" ? "url" : "content"], message });
  }
}

export const importPreviewInput = z.strictObject(sourceFields).superRefine(oneSource);
export type ImportPreviewInput = z.input<typeof importPreviewInput>;

export const IMPORT_TARGETS = ["current", "new"] as const;

export const importApplyInput = z
  .strictObject({
    ...sourceFields,
    target: z.enum(IMPORT_TARGETS, { error: 'target must be "current" or "new"' }).meta({
      description:
        "`current` adds the links after the current profile's own; `new` creates a profile (one per exported profile for `linkbio`).",
    }),
    slug: slugSchema
      .optional()
      .meta({ description: "The new profile's username; required for `new` unless a Linkbio export names its own." }),
    progress_key: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, "progress_key must be 8 to 64 letters, digits or hyphens")
      .optional()
      .meta({
        description: "Any key the client chose, to ask how far this import has got while it runs (the import screen's progress bar).",
      }),
    fingerprint: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "The preview's fingerprint: when the source changed since, nothing is imported and 400 says so." }),
    include: z
      .strictObject({
        links: z.array(z.number().int().min(0)).max(IMPORT_MAX_LINKS, "Too many links").optional(),
        display_name: z.boolean().optional(),
        bio: z.boolean().optional(),
        avatar: z.boolean().optional(),
      })
      .optional()
      .meta({
        description: "What to bring, as ticked in the preview: link indexes of `links` and the profile's fields. Everything when absent.",
      }),
  })
  .superRefine(oneSource);
export type ImportApplyInput = z.input<typeof importApplyInput>;

export const importProgressInput = z.strictObject({ key: z.string().max(64) });
export const importProgress = z
  .object({ phase: z.enum(["images", "saving", "done", "failed"]), done: z.number().int(), total: z.number().int() })
  .nullable();

export const importedLink = z.object({
  title: z.string(),
  url: z.string(),
  link_type: z.enum(LINK_TYPES),
  is_active: z.boolean(),
  brand: z.string().nullable().meta({ description: 'The social network a social link leads to ("instagram"), else null.' }),
  profile: z
    .number()
    .int()
    .meta({ description: "Index in `profiles` of the profile it belongs to (0 but for several exported profiles)." }),
});

const importedProfileFields = z.object({
  display_name: z.string(),
  bio: z.string(),
  avatar_url: z
    .string()
    .nullable()
    .meta({ description: "Where the avatar comes from (an address, or a data URL from a file); it is copied into this app." }),
});

export const importPreview = z.object({
  profile: importedProfileFields,
  links: z.array(importedLink).meta({ description: "In the order they will be created." }),
  profiles: z
    .array(importedProfileFields.extend({ slug: z.string().nullable(), has_design: z.boolean() }))
    .meta({ description: "Each profile the source holds (several only in a Linkbio export)." }),
  not_imported: z.array(z.string()).meta({ description: "What the source holds that cannot be brought, in words." }),
  fingerprint: z.string().meta({ description: "Send it back with the import to be sure the same content is imported." }),
});
export type ImportPreview = z.infer<typeof importPreview>;
export type ImportedLink = z.infer<typeof importedLink>;
