const MEGABYTE = 1024 * 1024;

export interface FileRule {
  accept: string;
  /** MIME types allowed; a trailing "/" allows a whole family (image/). */
  types: readonly string[];
  maxBytes: number;
  wrongType: string;
}

/** Checked before anything is sent; the server checks the real type and size again. */
export const FILE_RULES = {
  avatar: {
    accept: "image/*",
    types: ["image/"],
    maxBytes: 2 * MEGABYTE,
    wrongType: "Please choose an image file (PNG, JPG, GIF or WebP).",
  },
  background: {
    accept: "image/*",
    types: ["image/"],
    maxBytes: 5 * MEGABYTE,
    wrongType: "Please choose an image file (PNG, JPG, GIF or WebP).",
  },
  music: {
    accept: "audio/mpeg,audio/ogg,audio/wav",
    types: ["audio/mpeg", "audio/mp3", "audio/ogg", "audio/wav", "audio/x-wav", "audio/wave"],
    maxBytes: 10 * MEGABYTE,
    wrongType: "Please choose an MP3, OGG or WAV file.",
  },
} as const satisfies Record<string, FileRule>;

/** Why a picked file cannot be used, or null when it can. */
export function fileProblem(file: File, rule: FileRule): string | null {
  const allowed = rule.types.some((type) => (type.endsWith("/") ? file.type.startsWith(type) : file.type === type));
  if (!allowed) return rule.wrongType;
  if (file.size > rule.maxBytes) return `This file is larger than ${rule.maxBytes / MEGABYTE} MB. Please choose a smaller one.`;
  return null;
}

export const NOT_AN_IMAGE = "This file is not an image, whatever its name says. Please choose a PNG, JPG, GIF or WebP file.";

/** Whether the browser can draw the file as an image. */
async function decodesAsImage(file: File): Promise<boolean> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The file's contents as a data URL: uploads are read in the browser and sent inside the payload. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("Could not read the file")));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsDataURL(file);
  });
}

/**
 * The file chosen in an <input type="file"> as a data URL, or why it can't be used. Clears the
 * input so picking the same file again still fires a change.
 */
export async function readPickedFile(input: HTMLInputElement, rule: FileRule): Promise<{ dataUrl: string } | { problem: string } | null> {
  const file = input.files?.[0];
  input.value = "";
  if (!file) return null;
  const problem = fileProblem(file, rule);
  if (problem) return { problem };
  // The type comes from the file's name: a text file named .png is found out here, before any upload.
  if (rule.types.includes("image/") && !(await decodesAsImage(file))) return { problem: NOT_AN_IMAGE };
  try {
    return { dataUrl: await readAsDataUrl(file) };
  } catch {
    return { problem: "Could not read this file. Please try another one." };
  }
}
