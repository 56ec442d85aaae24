import type { CSSProperties } from "react";
import type { DesignData } from "@/lib/public-profile";

/** A colour at a given opacity, whatever CSS colour syntax the creator typed. */
function faded(color: string, opacity: number): string {
  return `color-mix(in srgb, ${color} ${Math.round(opacity * 100)}%, transparent)`;
}

function svgTile(svg: string): string {
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

function patternLayers(design: DesignData): { image: string; size: string } {
  const color = faded(design.pattern_color, design.pattern_opacity);
  const spacing = design.pattern_spacing;
  const size = design.pattern_size;
  const tile = `${spacing}px ${spacing}px`;
  switch (design.pattern_type) {
    case "circles": {
      const radius = Math.min(size, spacing) / 2;
      return {
        image: `radial-gradient(circle, transparent ${radius - 1.5}px, ${color} ${radius - 1.5}px, ${color} ${radius}px, transparent ${radius + 0.5}px)`,
        size: tile,
      };
    }
    case "lines":
      return { image: `repeating-linear-gradient(45deg, ${color} 0 1.5px, transparent 1.5px ${spacing / 2}px)`, size: "auto" };
    case "grid":
      return {
        image: `linear-gradient(${color} 1px, transparent 1px), linear-gradient(90deg, ${color} 1px, transparent 1px)`,
        size: `${tile}, ${tile}`,
      };
    case "waves": {
      const stroke = design.pattern_color.replace(/"/g, "");
      return {
        image: svgTile(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${spacing}" height="${spacing / 2}"><path d="M0 ${spacing / 4} Q ${spacing / 4} 0 ${spacing / 2} ${spacing / 4} T ${spacing} ${spacing / 4}" fill="none" stroke="${stroke}" stroke-opacity="${design.pattern_opacity}" stroke-width="1.5"/></svg>`,
        ),
        size: `${spacing}px ${spacing / 2}px`,
      };
    }
    case "hexagon": {
      const stroke = design.pattern_color.replace(/"/g, "");
      const w = spacing;
      const h = spacing * 0.866;
      return {
        image: svgTile(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${w * 1.5}" height="${h}"><path d="M${w * 0.25} 0 L${w * 0.75} 0 L${w} ${h / 2} L${w * 0.75} ${h} L${w * 0.25} ${h} L0 ${h / 2} Z" fill="none" stroke="${stroke}" stroke-opacity="${design.pattern_opacity}" stroke-width="1.2"/></svg>`,
        ),
        size: `${w * 1.5}px ${h}px`,
      };
    }
    default: {
      const dot = Math.max(1, size / 8);
      return { image: `radial-gradient(${color} ${dot}px, transparent ${dot + 0.5}px)`, size: tile };
    }
  }
}

/** A flat layer over the wallpaper, as a background image so it sits above the others. */
const layer = (color: string) => `linear-gradient(${color}, ${color})`;

/**
 * Gradient, image, pattern, else a solid colour (docs/product/public-page.md#rendering-a-design); `scrim` (a translucent colour) is laid over the
 * wallpaper when text needs it to stay readable.
 */
export function wallpaperStyle(design: DesignData, scrim: string | null = null): CSSProperties {
  const over = (image: string) => (scrim ? `${layer(scrim)}, ${image}` : image);
  switch (design.wallpaper_type) {
    case "gradient":
      return {
        backgroundColor: design.gradient_start,
        backgroundImage: over(`linear-gradient(${design.gradient_angle}deg, ${design.gradient_start}, ${design.gradient_end})`),
      };
    case "image":
      if (!design.background_image_url) return { backgroundColor: design.background_color };
      return {
        backgroundColor: design.background_color,
        backgroundImage: over(`url("${design.background_image_url}")`),
        backgroundSize: "cover",
        backgroundPosition: "center",
        filter: design.background_blur ? `blur(${design.background_blur}px)` : undefined,
        transform: design.background_blur ? "scale(1.06)" : undefined,
      };
    case "pattern": {
      const { image, size } = patternLayers(design);
      return { backgroundColor: design.background_color, backgroundImage: over(image), backgroundSize: scrim ? `auto, ${size}` : size };
    }
    default:
      return { backgroundColor: design.background_color };
  }
}
