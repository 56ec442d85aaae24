import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { publicPagePolicy } from "./content-security";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("public page policy", () => {
  it("allows the page's inline styles by hash, as the browser reads them", () => {
    const html = `<html><head><style>@font-face{src:url(/_lb/fonts/a.woff2)}</style></head><body><div style="--lb-font:&quot;Poppins&quot;, sans-serif;color:#fff"></div><a data-title=" style=&quot;x&quot;">a</a></body></html>`;
    const policy = publicPagePolicy(html);
    expect(policy).toContain(
      `style-src 'self' 'unsafe-hashes' ${sha256("@font-face{src:url(/_lb/fonts/a.woff2)}")} ${sha256('--lb-font:"Poppins", sans-serif;color:#fff')}`,
    );
    expect(policy.match(/sha256-/g)).toHaveLength(2);
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("frame-src");
  });

  it("frames the YouTube player only when the page plays music, and needs no hashes without inline styles", () => {
    const policy = publicPagePolicy(`<body><iframe id="lb-music" src="https://www.youtube-nocookie.com/embed/x"></iframe></body>`);
    expect(policy).toContain("frame-src https://www.youtube-nocookie.com");
    expect(policy).toContain("style-src 'self';");
  });
});
