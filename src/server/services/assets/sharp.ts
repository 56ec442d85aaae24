import sharp from "sharp";

// One libvips thread per image: a large upload takes one core of the two, never the event loop.
sharp.concurrency(1);
// No libvips operation cache: every image is decoded once (uploads differ; drawings have their own
// caches), and what that cache held (up to 50 MB of pixels) stayed resident after a burst of uploads.
sharp.cache(false);

/** sharp as every image path of the server uses it. */
export { sharp };
