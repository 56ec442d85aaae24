// The public page's script sends, with a click, where the visitor came from (document.referrer),
// the page's own address (for its utm_*) and whether the page was opened through its QR code.
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const SCRIPT = readFileSync(path.join(import.meta.dirname, "client/page.js"), "utf8");

type Target = { closest: (selector: string) => unknown };

/** Runs the script on a page at `href` reached from `referrer`, clicks `target` (a link unless given) and returns the beacon's body. */
async function beaconBody(href: string, referrer: string, target?: Target): Promise<unknown> {
  const listeners: Record<string, ((event: unknown) => void)[]> = {};
  const sent: Blob[] = [];
  const url = new URL(href);
  const context = {
    URL,
    URLSearchParams,
    Blob,
    location: { href: url.href, search: url.search, pathname: url.pathname, hash: url.hash },
    history: { state: null, replaceState: () => undefined },
    document: {
      referrer,
      // The age gate's dialog is always on the page; the rest (confirmation, music) is optional.
      getElementById: (id: string) => (id === "lb-age" ? { addEventListener: () => undefined } : null),
      // No sign-up block on this page.
      querySelector: () => null,
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] ??= []).push(listener),
      createElement: () => ({ focus: () => undefined }),
    },
    navigator: { sendBeacon: (_url: string, body: Blob) => sent.push(body) > 0 },
    sessionStorage: { getItem: () => null },
  };
  runInNewContext(SCRIPT, context);
  const link = { dataset: { linkId: "link-1" }, href: "https://shop.example.com/" };
  const clicked = target ?? { closest: (selector: string) => (selector.startsWith("a[") ? link : null) };
  for (const listener of listeners.click!) listener({ target: clicked, defaultPrevented: false, preventDefault: () => undefined });
  expect(sent).toHaveLength(1);
  return JSON.parse(await sent[0]!.text());
}

describe("the click beacon", () => {
  it("sends the address the visitor came from as referrer, beside the page's own address", async () => {
    expect(await beaconBody("https://links.example/u/maya?utm_source=newsletter", "https://l.instagram.com/")).toEqual({
      referrer: "https://l.instagram.com/",
      page: "https://links.example/u/maya?utm_source=newsletter",
      qr: false,
    });
  });

  it("marks a visit through the QR code, whose marker it takes out of the address", async () => {
    expect(await beaconBody("https://links.example/u/maya?ref=qr", "")).toMatchObject({ referrer: "", qr: true });
  });

  it("counts pressing a player's play button as a click on its link, and puts the player in its frame", async () => {
    const frame: { children: unknown[] } = { children: [] };
    const player = {
      dataset: { linkId: "link-2", embedSrc: "https://player.vimeo.com/video/1?autoplay=1", embedTitle: "T", embedAllow: "autoplay" },
    };
    const play = {
      closest: (selector: string) => (selector === ".lb-embed" ? player : null),
      parentNode: { replaceChildren: (...children: unknown[]) => (frame.children = children) },
    };
    const button = { closest: (selector: string) => (selector === ".lb-embed-play" ? play : null) };
    expect(await beaconBody("https://links.example/u/maya", "", button)).toMatchObject({ qr: false });
    expect(frame.children).toEqual([expect.objectContaining({ src: "https://player.vimeo.com/video/1?autoplay=1", allow: "autoplay" })]);
  });
});
