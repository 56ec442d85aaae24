import fs from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { accountExportJsonSchema } from "@/lib/schemas/export";
import { db } from "@/server/db/client";
import { signUp } from "@/server/services/audience/subscribe";
import { registeredUser } from "./helpers";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

const schemaFile = new URL("../../docs/export/linkbio-export.schema.json", import.meta.url);
// The smallest PNG: one transparent pixel.
const PIXEL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("data export", () => {
  it("publishes the schema the export is written from", () => {
    expect(JSON.parse(fs.readFileSync(schemaFile, "utf8"))).toEqual(accountExportJsonSchema());
  });

  it("holds the account, its profiles, designs, links and analytics, valid against the published schema", async () => {
    const user = await registeredUser("export");
    await user.caller.profile.updateSlug({ slug: `x_${user.id.slice(-8)}` });
    await user.caller.profile.updateMe({ bio: "Hello", avatar_url: PIXEL });
    await user.caller.design.save({ button_color: "#ff0000" });
    await user.caller.link.create({
      title: "Shop",
      url: "https://shop.example",
      utm_source: "bio",
      starts_at: new Date("2026-01-01T00:00:00Z"),
    });
    await user.caller.auth.login({ email: user.email, password: user.password });

    const data = await user.caller.auth.exportData();
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(fs.readFileSync(schemaFile, "utf8")) as object);
    const json = JSON.parse(JSON.stringify(data)) as unknown;
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);

    expect(data).toMatchObject({ format: "linkbio-export", version: 2, account: { email: user.email, sign_in_methods: ["password"] } });
    const [profile] = data.profiles;
    expect(profile).toMatchObject({ bio: "Hello", design: { button_color: "#ff0000" } });
    expect(profile!.avatar_url).toBe(PIXEL);
    expect(profile!.links[0]).toMatchObject({
      title: "Shop",
      url: "https://shop.example",
      utm_source: "bio",
      starts_at: "2026-01-01T00:00:00.000Z",
    });

    const text = JSON.stringify(data);
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(text).not.toContain(stored.password_hash!);
    for (const forbidden of ["password", "token", "secret", "recovery"]) expect(Object.keys(data.account).join()).not.toContain(forbidden);
    expect(text).not.toContain("refresh");
  });

  it("holds each page's sign-up block and subscribers (version 2), and the import reads version 1 and 2 without moving subscribers", async () => {
    const user = await registeredUser("exportaudience");
    const { slug } = await user.caller.profile.updateSlug({ slug: `s_${user.id.slice(-8)}` });
    await user.caller.link.create({ title: "Newsletter", link_type: "signup", button_label: "Join", consent_text: "" });
    const email = `fan-${user.id.slice(-6)}@example.com`;
    await signUp(db(), { slug, email }, { ip: null, userAgent: BROWSER, referrer: "https://news.example/post", page: null, headers: {} });
    await user.caller.auth.login({ email: user.email, password: user.password });

    const data = await user.caller.auth.exportData();
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(fs.readFileSync(schemaFile, "utf8")) as object);
    expect(validate(JSON.parse(JSON.stringify(data))), JSON.stringify(validate.errors)).toBe(true);
    const [profile] = data.profiles;
    expect(profile!.links[0]).toMatchObject({ link_type: "signup", url: "", button_label: "Join", consent_text: "" });
    expect(profile!.subscribers).toEqual([
      expect.objectContaining({ email, status: "pending", referrer: "news.example", confirmed_at: null }),
    ]);
    expect(JSON.stringify(profile!.subscribers)).not.toMatch(/token|hash/);

    const other = await registeredUser("importaudience");
    const fromV2 = await other.caller.import.preview({ source: "linkbio", content: JSON.stringify(data) });
    expect(fromV2.not_imported.join("\n")).toContain(`Subscribers of ${slug}: 1 stay with the original page`);

    const v1 = {
      ...data,
      version: 1,
      profiles: data.profiles.map(({ subscribers: _subscribers, links, ...rest }) => ({
        ...rest,
        links: links.map(({ button_label: _b, consent_text: _c, success_message: _s, ...link }) => link),
      })),
    };
    const fromV1 = await other.caller.import.preview({ source: "linkbio", content: JSON.stringify(v1) });
    expect(fromV1.links.map((link) => link.title)).toEqual(["Newsletter"]);
  });
});
