import { createHash, randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import { fieldErrorsOf } from "@/server/api/errors";
import { appRouter } from "@/server/api/root";
import { db, getDatabase } from "@/server/db/client";
import { renderProfileDocument } from "@/server/public-page/document";
import { loadPublicProfile } from "@/server/services/public-profile";
import { callerFor, registeredUser } from "./helpers";

/** Hostile inputs from the "Hardening" issue: each is refused with a 4xx code and changes nothing. */

type Caller = ReturnType<typeof callerFor>;
interface Fixture {
  userId: string;
  caller: Caller;
  anonymous: Caller;
  linkId: string;
}

const NUL = "a\u0000b";
const PASSWORD = "correct horse battery";
/** An object with an own key such as "__proto__", as JSON.parse builds it from a request body. */
const withKey = (key: string, fields: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(fields).replace(/^\{/, `{${JSON.stringify(key)}:{"polluted":true},`));
const hostileEmail = () => `hostile-${randomUUID().slice(0, 8)}@example.com`;

const HOSTILE_COLORS = [
  "red;background:url(http://tracker.invalid/c)",
  "red;position:fixed;inset:0;z-index:99999",
  "url(http://tracker.invalid/c)",
  "red}body{display:none",
  "expression(alert(1))",
  "var(--x)",
  '"red"',
  "rgb(0 0 0 / url(x))",
];
const COLOR_FIELDS = [
  "background_color",
  "gradient_start",
  "gradient_end",
  "pattern_color",
  "button_color",
  "button_text_color",
  "text_color",
] as const;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const pngDataUrl = `data:image/png;base64,${PNG.toString("base64")}`;

type Row = [name: string, call: (fixture: Fixture) => Promise<unknown>, code: TRPCError["code"], field?: string];

const rows: Row[] = [
  [
    "register: NUL in the email",
    ({ anonymous }) => anonymous.auth.register({ email: `hostile${NUL}@example.com`, password: PASSWORD, password_confirm: PASSWORD }),
    "BAD_REQUEST",
    "email",
  ],
  [
    "register: NUL in a name",
    ({ anonymous }) => anonymous.auth.register({ email: hostileEmail(), password: PASSWORD, password_confirm: PASSWORD, first_name: NUL }),
    "BAD_REQUEST",
    "first_name",
  ],
  [
    "register: a __proto__ key",
    ({ anonymous }) =>
      anonymous.auth.register(withKey("__proto__", { email: hostileEmail(), password: PASSWORD, password_confirm: PASSWORD }) as never),
    "BAD_REQUEST",
    "__proto__",
  ],
  [
    "log-in: NUL in the email",
    ({ anonymous }) => anonymous.auth.login({ email: `hostile${NUL}@example.com`, password: PASSWORD }),
    "BAD_REQUEST",
    "email",
  ],
  [
    "log-in: NUL in the password",
    ({ anonymous }) => anonymous.auth.login({ email: hostileEmail(), password: NUL }),
    "BAD_REQUEST",
    "password",
  ],
  ...(["__proto__", "constructor", "toString"] as const).map((key): Row => [
    `log-in: a ${key} key`,
    ({ anonymous }) => anonymous.auth.login(withKey(key, { email: hostileEmail(), password: PASSWORD }) as never),
    "BAD_REQUEST",
    key,
  ]),
  ["update me: a null input", ({ caller }) => caller.profile.updateMe(null as never), "BAD_REQUEST"],
  ["update me: an array input", ({ caller }) => caller.profile.updateMe([] as never), "BAD_REQUEST"],
  ["update me: NUL in the bio", ({ caller }) => caller.profile.updateMe({ bio: NUL }), "BAD_REQUEST", "bio"],
  ["update me: NUL in a key", ({ caller }) => caller.profile.updateMe(withKey(NUL, { bio: "x" }) as never), "BAD_REQUEST"],
  [
    "update me: a constructor key",
    ({ caller }) => caller.profile.updateMe(withKey("constructor", { bio: "x" }) as never),
    "BAD_REQUEST",
    "constructor",
  ],
  ["public page: NUL in the slug", ({ anonymous }) => anonymous.profile.public({ slug: NUL }), "BAD_REQUEST"],
  ["profile: NUL id", ({ caller }) => caller.profile.get({ id: "\u0000" }), "BAD_REQUEST"],
  ["profile: id that is no cuid", ({ caller }) => caller.profile.get({ id: "' OR 1=1 --" }), "BAD_REQUEST", "id"],
  ["profile switch: id that is no cuid", ({ caller }) => caller.profile.switch({ id: "x".repeat(25) }), "BAD_REQUEST", "id"],
  ["link: NUL id", ({ caller }) => caller.link.get({ id: "\u0000" }), "BAD_REQUEST"],
  ["revoke session: NUL id", ({ caller }) => caller.auth.revokeSession({ id: "\u0000" }), "BAD_REQUEST"],
  ["revoke session: an id over 64 characters", ({ caller }) => caller.auth.revokeSession({ id: "x".repeat(65) }), "BAD_REQUEST", "id"],
  ["revoke session: an id that names no session", ({ caller }) => caller.auth.revokeSession({ id: "' OR 1=1 --" }), "NOT_FOUND"],
  ["log out: all that is no boolean", ({ caller }) => caller.auth.logout({ all: "yes" } as never), "BAD_REQUEST", "all"],
  ["link: id that is no cuid", ({ caller }) => caller.link.delete({ id: "../../profiles" }), "BAD_REQUEST", "id"],
  ["link reorder: NUL id", ({ caller, linkId }) => caller.link.reorder({ link_ids: [linkId, "\u0000"] }), "BAD_REQUEST"],
  ["link: NUL in the title", ({ caller, linkId }) => caller.link.update({ id: linkId, data: { title: NUL } }), "BAD_REQUEST", "data.title"],
  ["link: NUL in the URL", ({ caller }) => caller.link.create({ title: "x", url: `https://example.com/${NUL}` }), "BAD_REQUEST", "url"],
  [
    "link: a javascript: thumbnail",
    ({ caller }) => caller.link.create({ title: "x", url: "example.com", thumbnail: "javascript:alert(1)" }),
    "BAD_REQUEST",
    "thumbnail",
  ],
  [
    "link: a foreign thumbnail",
    ({ caller }) => caller.link.create({ title: "x", url: "example.com", thumbnail: "https://evil.example/x.png" }),
    "BAD_REQUEST",
    "thumbnail",
  ],
  [
    "link: a scheme-relative thumbnail",
    ({ caller }) => caller.link.create({ title: "x", url: "example.com", thumbnail: "//evil.example/x.png" }),
    "BAD_REQUEST",
    "thumbnail",
  ],
  [
    "link: a data: thumbnail that is no image",
    ({ caller }) => caller.link.create({ title: "x", url: "example.com", thumbnail: "data:text/html;base64,PHNjcmlwdD4=" }),
    "BAD_REQUEST",
    "thumbnail",
  ],
  [
    "link: a thumbnail asset that does not exist",
    ({ caller }) => caller.link.create({ title: "x", url: "example.com", thumbnail: `/api/assets/${"0".repeat(64)}` }),
    "BAD_REQUEST",
    "thumbnail",
  ],
  [
    "link: an asset path that climbs out",
    ({ caller, linkId }) => caller.link.update({ id: linkId, data: { thumbnail: "/api/assets/../../api/v1/auth/user" } }),
    "BAD_REQUEST",
    "data.thumbnail",
  ],
  [
    "link: a javascript: icon",
    ({ caller, linkId }) => caller.link.update({ id: linkId, data: { icon_url: "javascript:alert(1)" } }),
    "BAD_REQUEST",
    "data.icon_url",
  ],
  [
    "link: a foreign icon",
    ({ caller, linkId }) => caller.link.update({ id: linkId, data: { icon_url: "https://evil.example/i.png" } }),
    "BAD_REQUEST",
    "data.icon_url",
  ],
  [
    "link: show_as_player that is no boolean",
    ({ caller, linkId }) => caller.link.update({ id: linkId, data: { show_as_player: "yes" } as never }),
    "BAD_REQUEST",
    "data.show_as_player",
  ],
  [
    "link: an embed sent by the client (the server parses it from the address)",
    ({ caller }) =>
      caller.link.create({
        title: "x",
        url: "https://youtu.be/dQw4w9WgXcQ",
        embed: { provider: "youtube", id: 'x"onload="alert(1)', kind: "video", thumbnail_url: "https://evil.example/x.png", title: null },
      } as never),
    "BAD_REQUEST",
  ],
  [
    "link: four slashes after the scheme",
    ({ caller }) => caller.link.create({ title: "x", url: "https:////evil.example.com" }),
    "BAD_REQUEST",
    "url",
  ],
  ...HOSTILE_COLORS.map((color): Row => [
    `design: button colour ${JSON.stringify(color)}`,
    ({ caller }) => caller.design.save({ button_color: color }),
    "BAD_REQUEST",
    "button_color",
  ]),
  ...COLOR_FIELDS.map((field): Row => [
    `design: ${field} with a tracker`,
    ({ caller }) => caller.design.save({ [field]: HOSTILE_COLORS[0] }),
    "BAD_REQUEST",
    field,
  ]),
  [
    "design: a foreign background image",
    ({ caller }) => caller.design.save({ wallpaper_type: "image", background_image_url: "https://evil.example/x.png" }),
    "BAD_REQUEST",
    "background_image_url",
  ],
  [
    "design: a javascript: background image",
    ({ caller }) => caller.design.save({ background_image_url: "javascript:alert(1)" }),
    "BAD_REQUEST",
    "background_image_url",
  ],
  [
    "design: foreign music",
    ({ caller }) => caller.design.save({ background_music_url: "https://evil.example/a.mp3" }),
    "BAD_REQUEST",
    "background_music_url",
  ],
  ["design: a javascript: video", ({ caller }) => caller.design.save({ youtube_url: "javascript:alert(1)" }), "BAD_REQUEST", "youtube_url"],
  [
    "design: a toString key",
    ({ caller }) => caller.design.save(withKey("toString", { button_color: "red" }) as never),
    "BAD_REQUEST",
    "toString",
  ],
  [
    "settings: a __proto__ key",
    ({ caller }) => caller.settings.update(withKey("__proto__", { monthly_report: true }) as never),
    "BAD_REQUEST",
    "__proto__",
  ],
  ["analytics: NUL in the time zone", ({ caller }) => caller.analytics.overview({ days: 7, tz: NUL }), "BAD_REQUEST", "tz"],
  ["two-factor: enable before set-up", ({ caller }) => caller.twoFactor.enable({ code: "123456" }), "BAD_REQUEST"],
  ["two-factor: NUL in a disable password", ({ caller }) => caller.twoFactor.disable({ password: `a${NUL}` }), "BAD_REQUEST", "password"],
  [
    "two-factor: new recovery codes while off",
    ({ caller }) => caller.twoFactor.regenerateRecoveryCodes({ password: PASSWORD }),
    "BAD_REQUEST",
  ],
  [
    "two-factor: a recovery code for a forged ticket",
    ({ anonymous }) => anonymous.auth.loginTwoFactor({ ticket: "x".repeat(43), code: "abcde-fghjk" }),
    "UNAUTHORIZED",
  ],
  ["passkey: remove an unknown one", ({ caller }) => caller.passkey.remove({ id: "c" + "0".repeat(24) }), "NOT_FOUND"],
  ["passkey: an overlong id", ({ caller }) => caller.passkey.remove({ id: "p".repeat(500) }), "BAD_REQUEST", "id"],
  [
    "passkey: a registration answer that is no credential",
    ({ caller }) => caller.passkey.register({ response: { id: "x" } as never }),
    "BAD_REQUEST",
    "response.rawId",
  ],
  [
    "passkey: a forged registration answer",
    ({ caller }) =>
      caller.passkey.register({
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          clientExtensionResults: {},
          response: { clientDataJSON: "e30", attestationObject: "AAAA" },
        },
      }),
    "BAD_REQUEST",
  ],
  [
    "passkey: a name with NUL",
    ({ caller }) =>
      caller.passkey.register({
        name: `a${NUL}`,
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          clientExtensionResults: {},
          response: { clientDataJSON: "e30", attestationObject: "AAAA" },
        },
      }),
    "BAD_REQUEST",
    "name",
  ],
  [
    "passkey: a 1000-character name",
    ({ caller }) =>
      caller.passkey.register({
        name: "n".repeat(1000),
        response: {
          id: "AAAA",
          rawId: "AAAA",
          type: "public-key",
          clientExtensionResults: {},
          response: { clientDataJSON: "e30", attestationObject: "AAAA" },
        },
      }),
    "BAD_REQUEST",
    "name",
  ],
  [
    "reset request: NUL in the email",
    ({ anonymous }) => anonymous.auth.requestPasswordReset({ email: `hostile${NUL}@example.com` }),
    "BAD_REQUEST",
    "email",
  ],
  [
    "reset request: not an email",
    ({ anonymous }) => anonymous.auth.requestPasswordReset({ email: "hostile at example" }),
    "BAD_REQUEST",
    "email",
  ],
  [
    "reset request: a 10,000-character email",
    ({ anonymous }) => anonymous.auth.requestPasswordReset({ email: `${"h".repeat(10_000)}@example.com` }),
    "BAD_REQUEST",
    "email",
  ],
  [
    "reset request: a __proto__ key",
    ({ anonymous }) => anonymous.auth.requestPasswordReset(withKey("__proto__", { email: hostileEmail() }) as never),
    "BAD_REQUEST",
    "__proto__",
  ],
  [
    "reset confirm: NUL in the token",
    ({ anonymous }) => anonymous.auth.confirmPasswordReset({ token: NUL, new_password: PASSWORD }),
    "BAD_REQUEST",
    "token",
  ],
  [
    "reset confirm: a 10,000-character token",
    ({ anonymous }) => anonymous.auth.confirmPasswordReset({ token: "t".repeat(10_000), new_password: PASSWORD }),
    "BAD_REQUEST",
    "token",
  ],
  [
    "reset confirm: an unknown token",
    ({ anonymous }) => anonymous.auth.confirmPasswordReset({ token: "made-up", new_password: PASSWORD }),
    "BAD_REQUEST",
  ],
  [
    "reset confirm: a number as the token",
    ({ anonymous }) => anonymous.auth.confirmPasswordReset({ token: 42, new_password: PASSWORD } as never),
    "BAD_REQUEST",
    "token",
  ],
  [
    "reset confirm: a short password",
    ({ anonymous }) => anonymous.auth.confirmPasswordReset({ token: "made-up", new_password: "short" }),
    "BAD_REQUEST",
    "new_password",
  ],
  [
    "reset confirm: an unknown field",
    ({ anonymous }) => anonymous.auth.confirmPasswordReset({ token: "made-up", new_password: PASSWORD, user_id: "x" } as never),
    "BAD_REQUEST",
    "user_id",
  ],
  ["email link: NUL in the token", ({ anonymous }) => anonymous.auth.confirmEmail({ token: NUL }), "BAD_REQUEST", "token"],
  ["email link: an unknown token", ({ anonymous }) => anonymous.auth.confirmEmail({ token: "made-up" }), "BAD_REQUEST"],
  ["email link: an empty token", ({ anonymous }) => anonymous.auth.confirmEmail({ token: "" }), "BAD_REQUEST", "token"],
  [
    "change email: NUL in the address",
    ({ caller }) => caller.auth.changeEmail({ new_email: `hostile${NUL}@example.com`, current_password: PASSWORD }),
    "BAD_REQUEST",
    "new_email",
  ],
  [
    "change email: not an email",
    ({ caller }) => caller.auth.changeEmail({ new_email: "nope", current_password: PASSWORD }),
    "BAD_REQUEST",
    "new_email",
  ],
  [
    "change email: the wrong password",
    ({ caller }) => caller.auth.changeEmail({ new_email: hostileEmail(), current_password: "wrong password" }),
    "BAD_REQUEST",
    "current_password",
  ],
  [
    "change email: no password",
    ({ caller }) => caller.auth.changeEmail({ new_email: hostileEmail() } as never),
    "BAD_REQUEST",
    "current_password",
  ],
  [
    "change email: signed out",
    ({ anonymous }) => anonymous.auth.changeEmail({ new_email: hostileEmail(), current_password: PASSWORD }),
    "UNAUTHORIZED",
  ],
  ["resend verification: signed out", ({ anonymous }) => anonymous.auth.resendVerification(), "UNAUTHORIZED"],
  ["export: signed out", ({ anonymous }) => anonymous.auth.exportData(), "UNAUTHORIZED"],
  ["unsubscribe: a forged token", ({ anonymous }) => anonymous.settings.unsubscribe({ token: "Zm9v.forged" }), "BAD_REQUEST"],
  ["unsubscribe: NUL in the token", ({ anonymous }) => anonymous.settings.unsubscribe({ token: NUL }), "BAD_REQUEST", "token"],
];

/** Everything the fixture's account owns, and every account a hostile registration could have made. */
async function storedState(userId: string): Promise<string> {
  const [user, profiles, hostileAccounts, settings, secondFactors, emailTokens, hostileMail] = await Promise.all([
    db().user.findUnique({ where: { id: userId } }),
    db().profile.findMany({ where: { user_id: userId }, include: { links: { orderBy: { position: "asc" } }, design: true } }),
    db().user.count({ where: { email: { startsWith: "hostile" } } }),
    db().userSettings.findUnique({ where: { user_id: userId } }),
    db().user.findUnique({
      where: { id: userId },
      select: { two_factor: true, recovery_codes: true, two_factor_tickets: true, passkeys: true },
    }),
    db().emailToken.findMany({ where: { user_id: userId }, orderBy: { id: "asc" } }),
    db().outboxMessage.count({ where: { to: { startsWith: "hostile" } } }),
  ]);
  return JSON.stringify({ user, profiles, hostileAccounts, settings, secondFactors, emailTokens, hostileMail }, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

describe("hostile input through the tRPC caller", () => {
  let fixture: Fixture;
  beforeAll(async () => {
    const { id, caller } = await registeredUser("hostile-owner");
    await caller.profile.updateSlug({ slug: `h_${randomUUID().slice(0, 8)}` });
    await caller.design.save({ button_color: "#123456" });
    const link = await caller.link.create({ title: "Kept", url: "example.com" });
    fixture = { userId: id, caller, anonymous: callerFor(null), linkId: link.id };
  });

  it.each(rows.map(([name, call, code, field]) => ({ name, call, code, field })))(
    "$name → $code, nothing stored",
    async ({ call, code, field }) => {
      const before = await storedState(fixture.userId);
      const error = await call(fixture).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe(code);
      if (field) expect(Object.keys(fieldErrorsOf((error as TRPCError).cause) ?? {})).toContain(field);
      expect(await storedState(fixture.userId)).toBe(before);
    },
  );
});

describe("what reaches a page from stored or uploaded values", () => {
  it("renders a stored colour, image or music that fails the rules as the default", async () => {
    const { caller } = await registeredUser("hostile-stored");
    const profile = await caller.profile.updateSlug({ slug: `s_${randomUUID().slice(0, 8)}` });
    const link = await caller.link.create({ title: "Shop", url: "example.com" });
    await caller.design.save({ hide_footer: false });
    await db().designSettings.update({
      where: { profile_id: profile.id },
      data: {
        wallpaper_type: "image",
        button_color: HOSTILE_COLORS[1],
        text_color: HOSTILE_COLORS[0],
        background_image_url: "https://tracker.invalid/bg.png",
        background_music_url: "https://tracker.invalid/a.mp3",
      },
    });
    await db().link.update({
      where: { id: link.id },
      data: { thumbnail: "https://tracker.invalid/t.png", icon_url: "javascript:alert(1)" },
    });

    const design = await caller.design.get();
    expect(design).toMatchObject({
      button_color: DESIGN_DEFAULTS.button_color,
      text_color: DESIGN_DEFAULTS.text_color,
      background_image_url: null,
      background_music_url: null,
    });
    const page = await loadPublicProfile(getDatabase().sql, profile.slug);
    if (page.status !== "ok") throw new Error(`expected the page, got ${page.status}`);
    const html = renderProfileDocument(page.data, { origin: "http://localhost", indexable: true });
    expect(html).toContain("Shop");
    expect(html).not.toContain("tracker.invalid");
    expect(html).not.toContain("position:fixed");
    expect(html).not.toContain("javascript:");
    expect(html).toContain(`--lb-btn:${DESIGN_DEFAULTS.button_color}`);

    // The next edit of that link drops the foreign images instead of refusing the edit.
    await expect(caller.link.update({ id: link.id, data: { title: "Shop 2" } })).resolves.toMatchObject({
      thumbnail: null,
      icon_url: null,
    });
  });

  it("stores a colour as the parser re-writes it", async () => {
    const { caller } = await registeredUser("hostile-colour");
    await caller.profile.updateSlug({ slug: `c_${randomUUID().slice(0, 8)}` });
    await expect(
      caller.design.save({ button_color: " #ABCDEF ", text_color: "RGB(1,2,3)", gradient_start: "hsl(120deg 50% 50% / .5)" }),
    ).resolves.toMatchObject({
      button_color: "#abcdef",
      text_color: "rgb(1, 2, 3)",
      gradient_start: "hsl(120deg 50% 50% / .5)",
    });
  });

  it("turns an image data URL thumbnail into an asset, and keeps that asset URL on later edits", async () => {
    const { caller } = await registeredUser("hostile-thumb");
    await caller.profile.updateSlug({ slug: `t_${randomUUID().slice(0, 8)}` });
    const assetUrl = `/api/assets/${createHash("sha256").update(PNG).digest("hex")}`;
    const link = await caller.link.create({ title: "Pic", url: "example.com", thumbnail: pngDataUrl, icon_url: pngDataUrl });
    expect(link).toMatchObject({ thumbnail: assetUrl, icon_url: assetUrl });
    expect(await db().asset.count({ where: { id: assetUrl.split("/").pop() } })).toBe(1);
    await expect(caller.link.update({ id: link.id, data: { title: "Pic 2" } })).resolves.toMatchObject({ thumbnail: assetUrl });
    await expect(caller.link.update({ id: link.id, data: { thumbnail: assetUrl, icon_url: null } })).resolves.toMatchObject({
      thumbnail: assetUrl,
      icon_url: null,
    });
  });

  it("normalises a scheme-relative link URL to https", async () => {
    const { caller } = await registeredUser("hostile-url");
    await caller.profile.updateSlug({ slug: `u_${randomUUID().slice(0, 8)}` });
    await expect(caller.link.create({ title: "Evil", url: "//evil.example.com" })).resolves.toMatchObject({
      url: "https://evil.example.com",
    });
    await expect(caller.link.create({ title: "Path", url: "//evil.example.com/a?b=c" })).resolves.toMatchObject({
      url: "https://evil.example.com/a?b=c",
    });
  });
});

describe("hostile input over HTTP to the tRPC endpoint", () => {
  // The adapter the app's route uses, with an anonymous context (the route's own reads the session from Next).
  const post = (path: string, body: string) => {
    const req = new Request(`http://localhost/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
    return fetchRequestHandler({
      endpoint: "/api/trpc",
      req,
      router: appRouter,
      createContext: () => ({ db: db(), sql: getDatabase().sql, userId: null, clientIp: null, headers: req.headers }),
    });
  };

  it("refuses a __proto__ key before superjson could make it the input's prototype", async () => {
    const email = hostileEmail();
    const response = await post(
      "auth.register",
      `{"json":{"__proto__":{"admin":true},"email":"${email}","password":"${PASSWORD}","password_confirm":"${PASSWORD}"}}`,
    );
    expect(response.status).toBe(400);
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it.each(["constructor", "toString", "prototype", "hasOwnProperty"])("reports a %s key as an unknown field", async (key) => {
    const response = await post("auth.login", `{"json":{"${key}":{"x":1},"email":"${hostileEmail()}","password":"x"}}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { json: { message: string; data: { fieldErrors: Record<string, string[]> } } } };
    expect(body.error.json.message).toContain(key);
    // superjson cannot carry "constructor" or "prototype" as a name, so those stay in the message only.
    if (key !== "constructor" && key !== "prototype") expect(body.error.json.data.fieldErrors[key]).toEqual([`Unknown field: ${key}`]);
  });

  it("refuses NUL in an anonymous log-in with the field named", async () => {
    const response = await post("auth.login", `{"json":{"email":"a\\u0000b@example.com","password":"x"}}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { json: { data: { fieldErrors: Record<string, string[]> } } } };
    expect(Object.keys(body.error.json.data.fieldErrors)).toEqual(["email"]);
  });
});
