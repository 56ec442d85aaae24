import type { DesignData } from "@/lib/public-profile";
import { BLACK, composite, rgbaOf, WHITE, type Rgba } from "./color-values";
import { sampleBetween, type Backdrop } from "./contrast";

/** A design colour as painted on the page's white canvas. */
export function painted(color: string): Rgba {
  return composite(rgbaOf(color) ?? WHITE, WHITE);
}

/**
 * Every colour the wallpaper can show behind the page's text: the solid colour; a gradient's
 * colours along its line; a pattern's background, its marks and what anti-aliasing puts between;
 * for an image, anything from black to white, since its pixels are unknown here.
 */
export function wallpaperBackdrop(design: DesignData): Backdrop {
  const background = painted(design.background_color);
  switch (design.wallpaper_type) {
    case "gradient":
      return sampleBetween(painted(design.gradient_start), painted(design.gradient_end));
    case "pattern": {
      const mark = rgbaOf(design.pattern_color) ?? BLACK;
      return sampleBetween(background, composite({ ...mark, a: mark.a * design.pattern_opacity }, background), 4);
    }
    case "image":
      return design.background_image_url ? sampleBetween(BLACK, WHITE, 20) : [background];
    default:
      return [background];
  }
}
