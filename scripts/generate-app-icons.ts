// Writes the app's raster icons from src/app/icon.svg (run again after changing it):
// apple-icon.png (180 px, square: iOS rounds the corners itself) and favicon.ico (a 32 px PNG inside).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const app = path.join(process.cwd(), "src/app");
const svg = readFileSync(path.join(app, "icon.svg"), "utf8");

function png(svgText: string, size: number): Buffer {
  return Buffer.from(new Resvg(svgText, { fitTo: { mode: "width", value: size } }).render().asPng());
}

/** An ICO file holding one PNG image, which every current browser reads. */
function ico(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(image.byteLength, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

const square = svg.replace(/ rx="\d+"/, "");
writeFileSync(path.join(app, "apple-icon.png"), png(square, 180));
writeFileSync(path.join(app, "favicon.ico"), ico(png(svg, 32), 32));
