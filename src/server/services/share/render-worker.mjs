// Draws one share card per message, off the server's event loop: satori lays the element tree out
// as SVG, resvg rasterises it. Plain JavaScript so Node runs it as a worker without a TypeScript loader.
import { readFile } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";

const fonts = new Map();

function fontData(file) {
  let data = fonts.get(file);
  if (!data) {
    data = readFile(file);
    fonts.set(file, data);
  }
  return data;
}

parentPort.on("message", async ({ id, tree, width, height, fontFiles }) => {
  try {
    const loaded = await Promise.all(fontFiles.map(async (font) => ({ ...font, data: await fontData(font.file) })));
    const svg = await satori(tree, { width, height, fonts: loaded });
    const png = new Resvg(svg, { fitTo: { mode: "original" } }).render().asPng();
    const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength).slice();
    parentPort.postMessage({ id, png: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
