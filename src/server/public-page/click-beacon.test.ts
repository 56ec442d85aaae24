// The public page's script sends, with a click, where the visitor came from (document.referrer),
// the page's own address (for its utm_*) and whether the page was opened through its QR code.
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const SCRIPT = readFileSync(path.join(import.meta.dirname, "client/page.js"), "utf8");

/** Runs the script on a page at `href` reached from `referrer`, clicks a link and returns the beacon's body. */
async function beaconBody(href: string, referrer: string): Promise<unknown> {
  const listeners: Record<string, (event: unknown) => void> = {};
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
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
    },
    navigator: { sendBeacon: (_url: string, body: Blob) => sent.push(body) > 0 },
    sessionStorage: { getItem: () => null },
  };
  runInNewContext(SCRIPT, context);
  const link = { dataset: { linkId: "link-1" }, href: "https://shop.example.com/" };
  listeners.click!({ target: { closest: () => link }, defaultPrevented: false, preventDefault: () => undefined });
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
});
