/** Pixels of a page's share image (og:image), the size link previews show large. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
