export type AssetKind = "image" | "audio";

interface Signature {
  mime: string;
  kind: AssetKind;
  matches: (bytes: Uint8Array) => boolean;
}

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));

/** Real types by their leading bytes; the declared type of a data URL is never trusted. */
const SIGNATURES: Signature[] = [
  { mime: "image/png", kind: "image", matches: (b) => b[0] === 0x89 && ascii(b, 1, "PNG\r\n\x1a\n") },
  { mime: "image/jpeg", kind: "image", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: "image/gif", kind: "image", matches: (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a") },
  { mime: "image/webp", kind: "image", matches: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP") },
  { mime: "audio/wav", kind: "audio", matches: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE") },
  { mime: "audio/ogg", kind: "audio", matches: (b) => ascii(b, 0, "OggS") },
  {
    mime: "audio/mpeg",
    kind: "audio",
    matches: (b) => ascii(b, 0, "ID3") || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
];

export function sniffType(bytes: Uint8Array): { mime: string; kind: AssetKind } | null {
  const found = SIGNATURES.find((signature) => signature.matches(bytes));
  return found ? { mime: found.mime, kind: found.kind } : null;
}
