/** The avatar size limit the picker enforces before anything is sent (the spec leaves it open). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Why a picked file cannot be the avatar, or null when it can. */
export function avatarFileProblem(file: File): string | null {
  if (!file.type.startsWith("image/")) return "Please choose an image file (PNG, JPG, GIF or WebP).";
  if (file.size > AVATAR_MAX_BYTES) return "This image is larger than 2 MB. Please choose a smaller one.";
  return null;
}

/** The file's contents as a data URL. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsDataURL(file);
  });
}
