import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import { getDatabase } from "@/server/db/client";
import { loadPublicProfile } from "@/server/services/public-profile";
import { registeredUser } from "./helpers";

async function designer() {
  const user = await registeredUser("design");
  const profile = await user.caller.profile.updateSlug({ slug: `d_${randomUUID().slice(0, 8)}` });
  return { ...user, profile };
}

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;

describe("design normalisation", () => {
  it("starts from the documented defaults", async () => {
    const { caller } = await designer();
    await expect(caller.design.get()).resolves.toEqual(DESIGN_DEFAULTS);
  });

  it("stores every value either reading of the enumerations offers", async () => {
    const { caller } = await designer();
    for (const [field, values] of Object.entries({
      wallpaper_type: ["none", "gradient", "pattern", "image"],
      pattern_type: ["dots", "lines", "waves", "hexagon", "grid", "circles"],
      button_style: ["rounded", "square", "pill", "blob", "skewed", "sharp"],
      button_variant: ["solid", "outline", "glassy", "gradient", "neon", "shadow"],
      animation_type: ["none", "fade", "slide", "bounce", "zoom", "scale", "rotate"],
      hover_effect: ["none", "scale", "rotate", "glow", "shadow", "lift", "shake", "pulse"],
    })) {
      for (const value of values) {
        const saved = await caller.design.save({ [field]: value });
        expect(saved[field as keyof typeof saved], `${field}=${value}`).toBe(value);
      }
    }
  });

  it("replaces unknown enumeration values with the defaults", async () => {
    const { caller } = await designer();
    const saved = await caller.design.save({
      wallpaper_type: "video",
      pattern_type: "stars",
      button_style: "wobbly",
      button_variant: "sparkle",
      animation_type: "explode",
      hover_effect: "spin",
      font_family: "Wingdings",
    });
    expect(saved).toMatchObject({
      wallpaper_type: "none",
      pattern_type: "dots",
      button_style: "rounded",
      button_variant: "solid",
      animation_type: "none",
      hover_effect: "none",
      font_family: "Inter",
    });
  });

  it("maps the editor's names to stored values (fonts, sizes, spacing, speed)", async () => {
    const { caller } = await designer();
    const fonts = {
      inter: "Inter",
      roboto: "Roboto",
      poppins: "Poppins",
      montserrat: "Montserrat",
      playfair: "Playfair",
      georgia: "Georgia",
      courier: "Courier",
      comic: "Comic Sans",
    };
    for (const [id, stored] of Object.entries(fonts)) {
      expect((await caller.design.save({ font_family: id })).font_family).toBe(stored);
    }
    const sizes = { small: 14, medium: 16, large: 18, xlarge: 20 } as const;
    for (const [name, px] of Object.entries(sizes)) expect((await caller.design.save({ font_size: name })).font_size).toBe(px);
    const spacings = { compact: 8, normal: 12, relaxed: 16, spacious: 20 } as const;
    for (const [name, px] of Object.entries(spacings)) expect((await caller.design.save({ link_spacing: name })).link_spacing).toBe(px);
    const speeds = { slow: 0.5, normal: 0.3, fast: 0.2 } as const;
    for (const [name, seconds] of Object.entries(speeds))
      expect((await caller.design.save({ animation_speed: name })).animation_speed).toBe(seconds);
  });

  it("keeps numbers inside the sliders' ranges and keeps unsent fields", async () => {
    const { caller } = await designer();
    await caller.design.save({ button_color: "#ff0000", text_color: "tomato" });
    const saved = await caller.design.save({
      gradient_angle: 720,
      pattern_opacity: 5,
      pattern_size: 1,
      background_blur: 99,
      music_volume: -5,
    });
    expect(saved).toMatchObject({ gradient_angle: 360, pattern_opacity: 1, pattern_size: 5, background_blur: 20, music_volume: 0 });
    expect(saved).toMatchObject({ button_color: "#ff0000", text_color: "tomato" });
    expect((await rejection(caller.design.save({ gradient_angle: "wide" as never }))).code).toBe("BAD_REQUEST");
    expect((await rejection(caller.design.save({ glitter: true } as never))).code).toBe("BAD_REQUEST");
  });

  it("accepts only YouTube links for background music", async () => {
    const { caller } = await designer();
    const saved = await caller.design.save({
      youtube_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      music_autoplay: true,
      music_volume: 35,
    });
    expect(saved).toMatchObject({ youtube_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", music_autoplay: true, music_volume: 35 });
    expect((await rejection(caller.design.save({ youtube_url: "https://evil.example.com/song" }))).message).toBe(
      "Enter a YouTube video link",
    );
    expect((await caller.design.save({ youtube_url: "" })).youtube_url).toBeNull();
  });

  it("stores a background image and audio as assets, and refuses disguised or oversize files", async () => {
    const { caller } = await designer();
    const saved = await caller.design.save({ wallpaper_type: "image", background_image_url: dataUrl("image/png", PNG) });
    expect(saved.background_image_url).toMatch(/^\/api\/assets\/[0-9a-f]{64}$/);
    const mp3 = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(64)]);
    expect((await caller.design.save({ background_music_url: dataUrl("audio/mpeg", mp3) })).background_music_url).toMatch(
      /^\/api\/assets\//,
    );
    const disguised = await rejection(caller.design.save({ background_image_url: dataUrl("image/png", Buffer.from("MZ not an image")) }));
    expect(disguised.message).toBe("Background image must be a PNG, JPEG, WebP or GIF image");
    const imageAsAudio = await rejection(caller.design.save({ background_music_url: dataUrl("audio/mpeg", PNG) }));
    expect(imageAsAudio.message).toBe("Background music must be an MP3, OGG or WAV file");
    const huge = await rejection(
      caller.design.save({ background_image_url: dataUrl("image/png", Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])) }),
    );
    expect(huge.message).toBe("Background image must be at most 5 MB");
    expect((await caller.design.get()).background_image_url).toBe(saved.background_image_url);
  });

  it("applies complete templates and resets to the defaults", async () => {
    const { caller, profile } = await designer();
    await caller.design.save({ pattern_type: "grid", hide_footer: true });
    await caller.design.applyTemplate({ template: "gradient" });
    const page = await loadPublicProfile(getDatabase().sql, profile.slug);
    expect(page.status === "ok" && page.data.design).toMatchObject({
      wallpaper_type: "gradient",
      button_variant: "glassy",
      pattern_type: "dots",
      hide_footer: false,
    });
    await caller.design.reset();
    await expect(caller.design.get()).resolves.toEqual(DESIGN_DEFAULTS);
    expect((await rejection(caller.design.applyTemplate({ template: "rainbow" as never }))).message).toBe("Unknown template");
  });
});
