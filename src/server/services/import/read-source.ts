import { createHash } from "node:crypto";
import type { ImportPreview, ImportSource } from "@/lib/schemas/import";
import { SafeFetchError } from "@/server/http/safe-fetch/fetch";
import { ServiceError } from "../errors";
import { assertWithinLimit } from "../rate-limit/limits";
import { parseCsv } from "./csv";
import type { ImportDraft } from "./draft";
import { fetchFailureMessage, importFetch } from "./fetch-source";
import { parseLinkbio } from "./linkbio";
import { NOT_A_LINKTREE_PAGE, parseLinktree } from "./linktree";
import { parseLinkstack } from "./linkstack";

export const NOTHING_TO_IMPORT = "There is nothing to import: no links, name, bio or avatar were found";

export interface ImportCaller {
  userId: string;
  clientIp: string | null;
}

/** Fetching costs this server and someone else's: counted per account and per client address before anything is fetched. */
export async function chargeFetch(caller: ImportCaller): Promise<void> {
  await assertWithinLimit("importAccount", caller.userId);
  await assertWithinLimit("importAddress", caller.clientIp);
}

async function fetchPage(url: string): Promise<string> {
  try {
    const page = await importFetch(url);
    if (!/html|text\/plain/i.test(page.contentType) && page.contentType !== "")
      throw new ServiceError("BAD_REQUEST", NOT_A_LINKTREE_PAGE, { fields: { url: [NOT_A_LINKTREE_PAGE] } });
    return page.body.toString("utf8");
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    const message = fetchFailureMessage(error);
    throw new ServiceError("BAD_REQUEST", message, { fields: { url: [message] } });
  }
}

const PARSERS: Record<ImportSource, (content: string) => ImportDraft> = {
  linktree: parseLinktree,
  linkstack: parseLinkstack,
  csv: parseCsv,
  linkbio: parseLinkbio,
};

/** The source read and mapped to our fields; a page address is fetched (and charged) first. */
export async function readSource(
  input: { source: ImportSource; url?: string; content?: string },
  caller: ImportCaller,
): Promise<ImportDraft> {
  let content = input.content ?? "";
  if (input.url) {
    await chargeFetch(caller);
    content = await fetchPage(input.url);
  }
  const draft = PARSERS[input.source](content);
  const empty = draft.profiles.every((profile) => !profile.links.length && !profile.display_name && !profile.bio && !profile.avatar);
  if (empty) throw new ServiceError("BAD_REQUEST", NOTHING_TO_IMPORT, { fields: { content: [NOTHING_TO_IMPORT] } });
  return draft;
}

/** What the preview shows, in the order things will be created, and a fingerprint of exactly that. */
export function toPreview(draft: ImportDraft): ImportPreview {
  const profiles = draft.profiles.map((profile) => ({
    slug: profile.slug,
    display_name: profile.display_name,
    bio: profile.bio,
    avatar_url: profile.avatar,
    has_design: profile.design !== null,
  }));
  const links = draft.profiles.flatMap((profile, index) =>
    profile.links.map(({ link, brand }) => ({
      title: link.title,
      url: link.url,
      link_type: link.link_type,
      is_active: link.is_active,
      brand,
      profile: index,
    })),
  );
  const { display_name, bio, avatar_url } = profiles[0]!;
  const body = { profile: { display_name, bio, avatar_url }, links, profiles, not_imported: draft.notImported };
  const fingerprint = createHash("sha256").update(JSON.stringify(draft)).digest("hex").slice(0, 32);
  return { ...body, fingerprint };
}
