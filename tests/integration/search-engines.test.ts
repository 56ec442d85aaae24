import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DOMParser } from "@xmldom/xmldom";
import { db } from "@/server/db/client";
import { cachedSitemapEntries, forgetSitemap, DISALLOWED_PATHS, SITEMAP_MAX_AGE_MS } from "@/server/services/search-engines";
import { pageAddressOf } from "@/server/services/share/page-address";
import { registeredUser } from "./helpers";
import { startPublicServer, type PublicServer } from "./public-server";

let server: PublicServer;
beforeAll(async () => {
  server = await startPublicServer();
});
afterAll(() => server.close());
beforeEach(() => forgetSitemap());

async function page(visibility: "public" | "unlisted" | "private") {
  const user = await registeredUser(`seo-${visibility}`);
  const slug = `s_${randomUUID().slice(0, 8)}`;
  await user.caller.profile.updateSlug({ slug });
  await user.caller.profile.updateMe({ profile_visibility: visibility });
  return { slug, caller: user.caller };
}

describe("robots.txt", () => {
  it("disallows the API and the emailed links, allows the rest and names the sitemap", async () => {
    const answer = await fetch(`${server.origin}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await answer.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ["/api/", "/verify-email", "/unsubscribe"]) expect(text).toContain(`Disallow: ${path}\n`);
    // Signed-in screens are not disallowed: signed out they redirect to /login, which says noindex.
    for (const path of ["/dashboard", "/settings", "/login"]) expect(text).not.toContain(`Disallow: ${path}`);
    expect(DISALLOWED_PATHS.some((path) => "/u/kim".startsWith(path))).toBe(false);
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});

describe("sitemap.xml", () => {
  it("lists public pages at their addresses, never unlisted or private ones", async () => {
    const [shown, unlisted, hidden] = [(await page("public")).slug, (await page("unlisted")).slug, (await page("private")).slug];
    const answer = await fetch(`${server.origin}/sitemap.xml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=300");
    const xml = new DOMParser().parseFromString(await answer.text(), "application/xml");
    const addresses = Array.from(xml.getElementsByTagName("loc")).map((node) => node.textContent);
    expect(addresses).toContain(pageAddressOf(shown));
    expect(addresses.filter((address) => address?.includes(unlisted) || address?.includes(hidden))).toEqual([]);
    expect(xml.getElementsByTagName("urlset")[0]?.getAttribute("xmlns")).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  });

  it("is read again after its few minutes, so a page made private leaves it", async () => {
    const { slug, caller } = await page("public");
    expect(await (await fetch(`${server.origin}/sitemap.xml`)).text()).toContain(pageAddressOf(slug));
    await caller.profile.updateMe({ profile_visibility: "private" });
    const later = await cachedSitemapEntries(db(), Date.now() + SITEMAP_MAX_AGE_MS);
    expect(later.map((entry) => entry.address)).not.toContain(pageAddressOf(slug));
  });
});
