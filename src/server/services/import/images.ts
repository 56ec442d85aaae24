import { SafeFetchError } from "@/server/http/safe-fetch/fetch";
import { checkUpload, dataUrlBytes, UPLOAD_RULES, type CheckedUpload, type UploadPurpose } from "../assets/assets";
import { ServiceError } from "../errors";
import type { ImageSource } from "./draft";
import { fetchFailureMessage, importFetch } from "./fetch-source";

/**
 * An imported image, copied so the page never asks a third party for it: a data URL from the file,
 * or an address fetched under the import's rules, then the upload checks of its purpose. A failure is
 * a line for the creator, never the end of the import.
 */
export async function copyImage(source: ImageSource, purpose: UploadPurpose, what: string): Promise<CheckedUpload | string> {
  try {
    const bytes = source.startsWith("data:")
      ? dataUrlBytes(source)
      : new Uint8Array((await importFetch(source, UPLOAD_RULES[purpose].maxBytes)).body);
    if (!bytes) return `${what}: not an image`;
    return await checkUpload(purpose, purpose, bytes);
  } catch (error) {
    if (error instanceof SafeFetchError) return `${what}: ${fetchFailureMessage(error)}`;
    if (error instanceof ServiceError) return `${what}: ${error.message}`;
    throw error;
  }
}
