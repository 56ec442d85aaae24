import type { Page } from "@playwright/test";
import { PNG } from "pngjs";

/** WCAG's contrast ratio of two sRGB pixels. */
export function contrast(a: number[], b: number[]): number {
  const luminance = ([r, g, b]: number[]) =>
    [r!, g!, b!]
      .map((channel) => channel / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, index) => sum + c * [0.2126, 0.7152, 0.0722][index]!, 0);
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Lets the load animations finish, so every colour is checked at its final opacity. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

/**
 * How well the first link button stands out from the wallpaper beside it, read from the screen's
 * pixels: its edge (the border) or its fill just inside, whichever marks it better (WCAG 1.4.11).
 */
export async function buttonBoundary(page: Page): Promise<number> {
  await settled(page);
  const button = page.locator(".lb-links a.lb-button").first();
  const box = (await button.boundingBox())!;
  const y = Math.round(box.y + box.height / 2);
  const image = PNG.sync.read(await page.screenshot({ clip: { x: Math.round(box.x) - 8, y, width: 16, height: 1 } }));
  const pixel = (x: number) => [...image.data.subarray(x * 4, x * 4 + 3)];
  // 6 px outside the button against the second of its border's two pixels (the first may be
  // anti-aliased) and against its fill 5 px in (past the border, before any thumbnail or text).
  return Math.max(contrast(pixel(2), pixel(9)), contrast(pixel(2), pixel(13)));
}
