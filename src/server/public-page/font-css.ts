import { readFileSync } from "node:fs";
import path from "node:path";
import { FONT_PACKAGES } from "@/lib/design/fonts";

const WEIGHTS = [400, 500, 600, 700];
export const FONT_ROUTE = "/_lb/fonts/";

const cssByFont = new Map<string, string>();

/** @font-face rules for one family at 400 to 700, pointing at our own font route; "" for system fonts. */
export function fontFaceCss(fontFamily: string): string {
  const pkg = FONT_PACKAGES[fontFamily];
  if (!pkg) return "";
  let css = cssByFont.get(pkg);
  if (css === undefined) {
    css = WEIGHTS.map((weight) => readFileSync(path.join(process.cwd(), "node_modules/@fontsource", pkg, `${weight}.css`), "utf8"))
      .join("\n")
      .replace(/url\(\.\/files\//g, `url(${FONT_ROUTE}${pkg}/`)
      .replace(/\/\*[^*]*\*\/\n?/g, "");
    cssByFont.set(pkg, css);
  }
  return css;
}

/** The file behind /_lb/fonts/{package}/{file}, or null when the path is not one of ours. */
export function fontFilePath(route: string): string | null {
  const match = /^\/_lb\/fonts\/([a-z-]+)\/([a-z0-9-]+\.woff2?)$/.exec(route);
  if (!match || !Object.values(FONT_PACKAGES).includes(match[1]!)) return null;
  return path.join(process.cwd(), "node_modules/@fontsource", match[1]!, "files", match[2]!);
}
