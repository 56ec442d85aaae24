// pngjs (installed with qrcode) ships no types; the tests read decoded pixels only.
declare module "pngjs" {
  export const PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
}
