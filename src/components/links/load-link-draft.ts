// The link rules (zod) are fetched once a link form is used, so the list ships without them.
let loading: Promise<typeof import("@/lib/schemas/link").linkDraft> | undefined;

/** linkDraft, imported on the first call; later calls share the same import. */
export function loadLinkDraft() {
  return (loading ??= import("@/lib/schemas/link").then((module) => module.linkDraft));
}
