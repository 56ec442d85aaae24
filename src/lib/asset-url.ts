/** Uploaded files are served by content hash from this path (src/app/api/assets/[id]). */
export const ASSET_URL_PREFIX = "/api/assets/";

const OWN_ASSET = /^\/api\/assets\/([0-9a-f]{64})$/;
// The upload kinds the asset service accepts, as data URLs the editor shows before saving.
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
const AUDIO_DATA_URL = /^data:audio\/(?:mpeg|mp3|ogg|wav|x-wav|wave);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The asset id of one of this app's own asset URLs, else null. */
export function ownAssetId(url: string | null | undefined): string | null {
  return url ? (OWN_ASSET.exec(url)?.[1] ?? null) : null;
}

/** What a page may load as an image: an own asset, or an image data URL (an unsaved upload in the editor). */
export function renderableImageUrl(url: string | null | undefined): string | null {
  return url && (ownAssetId(url) || IMAGE_DATA_URL.test(url)) ? url : null;
}

/** What a page may play as audio: an own asset, or an audio data URL (an unsaved upload in the editor). */
export function renderableAudioUrl(url: string | null | undefined): string | null {
  return url && (ownAssetId(url) || AUDIO_DATA_URL.test(url)) ? url : null;
}
