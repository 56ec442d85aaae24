// Which addresses background music may come from, without the design's zod schemas (schemas in design.ts).

/** Background music comes from a video-site address; YouTube's are what the player plays. */
export const VIDEO_SITE_HOSTS = ["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtu.be"];

export function youtubeVideoId(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (!VIDEO_SITE_HOSTS.includes(parsed.hostname)) return null;
    const id =
      parsed.hostname === "youtu.be" ? parsed.pathname.slice(1) : (parsed.searchParams.get("v") ?? parsed.pathname.split("/").pop());
    return id && /^[\w-]{6,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}
