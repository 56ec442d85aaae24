import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { responseSchemas } from "@/server/rest/operations";
import { db } from "@/server/db/client";
import { handleRestRequest } from "@/server/rest/handler";

/** Hostile requests to the REST adapter, as the custom server hands them over: each gets its 4xx in the documented shape and changes nothing. */

const PASSWORD = "correct horse battery";
const NUL_JSON = "a\\u0000b";

interface Fixture {
  userId: string;
  access: string;
  linkId: string;
  slug: string;
}

interface Row {
  name: string;
  method: string;
  path: (fixture: Fixture) => string;
  /** Raw JSON text, so keys such as "__proto__" and escapes such as \u0000 arrive as a client sends them. */
  body?: string;
  auth?: boolean;
  status: number;
  field?: string;
}

async function send(method: string, path: string, options: { body?: string; access?: string } = {}) {
  const headers = new Headers({ "content-type": "application/json" });
  if (options.access) headers.set("authorization", `Bearer ${options.access}`);
  const response = await handleRestRequest(new Request(`http://localhost/api/v1${path}`, { method, headers, body: options.body }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const hostileEmail = () => `hostile-rest-${randomUUID().slice(0, 8)}@example.com`;
const login = (extra: string) => `{${extra}"email":"${hostileEmail()}","password":"${PASSWORD}"}`;

const rows: Row[] = [
  ...[
    ["NUL in it", `"links${NUL_JSON}.example.com"`],
    ["an address with a scheme and path", '"https://links.example.com/evil"'],
    ["an IP address", '"10.0.0.1"'],
    ["a port", '"links.example.com:8080"'],
    ["a label over 63 characters", `"${"a".repeat(64)}.example.com"`],
    ["an object", '{"$gt":""}'],
  ].map(([what, value]) => ({
    name: `custom domain with ${what}`,
    method: "PUT",
    path: () => "/profiles/me/domain/",
    body: `{"domain":${value}}`,
    auth: true,
    status: 400,
    field: "domain",
  })),
  {
    name: "custom domain with an unknown field",
    method: "PUT",
    path: () => "/profiles/me/domain/",
    body: '{"domain":"links.example.com","status":"active"}',
    auth: true,
    status: 400,
    field: "status",
  },
  {
    name: "verifying a custom domain that was never connected",
    method: "POST",
    path: () => "/profiles/me/domain/verify/",
    auth: true,
    status: 404,
  },
  {
    name: "log-in with NUL in the email",
    method: "POST",
    path: () => "/auth/login/",
    body: `{"email":"${NUL_JSON}@example.com","password":"${PASSWORD}"}`,
    status: 400,
    field: "email",
  },
  {
    name: "register with NUL in the password",
    method: "POST",
    path: () => "/auth/register/",
    body: `{"email":"${hostileEmail()}","password":"${NUL_JSON}xxxxxxxx","password_confirm":"x"}`,
    status: 400,
    field: "password",
  },
  {
    name: "register with NUL in a key",
    method: "POST",
    path: () => "/auth/register/",
    body: `{"${NUL_JSON}":1,"email":"${hostileEmail()}","password":"${PASSWORD}","password_confirm":"${PASSWORD}"}`,
    status: 400,
  },
  ...["__proto__", "constructor", "toString"].map((key) => ({
    name: `log-in with a ${key} key`,
    method: "POST",
    path: () => "/auth/login/",
    body: login(`"${key}":{"x":1},`),
    status: 400,
    field: key,
  })),
  {
    name: "register with a __proto__ key",
    method: "POST",
    path: () => "/auth/register/",
    body: `{"__proto__":{"admin":true},"email":"${hostileEmail()}","password":"${PASSWORD}","password_confirm":"${PASSWORD}"}`,
    status: 400,
    field: "__proto__",
  },
  {
    name: "register with one of the most common passwords",
    method: "POST",
    path: () => "/auth/register/",
    body: `{"email":"${hostileEmail()}","password":"password123","password_confirm":"password123"}`,
    status: 400,
    field: "password",
  },
  {
    name: "a password change to one of the most common passwords",
    method: "POST",
    path: () => "/auth/password/change/",
    body: `{"current_password":"${PASSWORD}","new_password":"12345678"}`,
    auth: true,
    status: 400,
    field: "new_password",
  },
  { name: "a public page with NUL in the slug", method: "GET", path: () => "/profiles/a%00b/", status: 400 },
  { name: "NUL in a query", method: "GET", path: () => "/analytics/overview/?tz=a%00b", auth: true, status: 400 },
  {
    name: "analytics: a date that is not one",
    method: "GET",
    path: () => "/analytics/overview/?from=2026-02-30&to=2026-03-01",
    auth: true,
    status: 400,
    field: "from",
  },
  {
    name: "analytics: from without to",
    method: "GET",
    path: () => "/analytics/browsers/?from=2026-03-01",
    auth: true,
    status: 400,
    field: "to",
  },
  {
    name: "analytics: a range over 366 days",
    method: "GET",
    path: () => "/analytics/os/?from=2024-01-01&to=2025-12-31",
    auth: true,
    status: 400,
    field: "to",
  },
  {
    name: "analytics: to before from",
    method: "GET",
    path: () => "/analytics/utm/?from=2026-03-05&to=2026-03-01",
    auth: true,
    status: 400,
    field: "to",
  },
  {
    name: "analytics: hourly over 30 days",
    method: "GET",
    path: () => "/analytics/timeline/?days=30&interval=hour",
    auth: true,
    status: 400,
    field: "interval",
  },
  {
    name: "analytics: an unknown interval",
    method: "GET",
    path: () => "/analytics/timeline/?interval=minute",
    auth: true,
    status: 400,
    field: "interval",
  },
  {
    name: "analytics: an unknown utm field",
    method: "GET",
    path: () => "/analytics/utm/?field=term",
    auth: true,
    status: 400,
    field: "field",
  },
  {
    name: "analytics: a filter value over 100 characters",
    method: "GET",
    path: () => `/analytics/referrers/?country=${"x".repeat(101)}`,
    auth: true,
    status: 400,
    field: "country.0",
  },
  {
    name: "analytics: 21 values of one filter",
    method: "GET",
    path: () => `/analytics/realtime/?${Array.from({ length: 21 }, (_, i) => `os=o${i}`).join("&")}`,
    auth: true,
    status: 400,
    field: "os",
  },
  {
    name: "analytics: a link detail with a malformed id",
    method: "GET",
    path: () => "/analytics/links/not-an-id/",
    auth: true,
    status: 400,
    field: "id",
  },
  { name: "NUL in a query's name", method: "GET", path: () => "/links/?a%00=1", auth: true, status: 400 },
  { name: "a NUL link id", method: "GET", path: () => "/links/%00/", auth: true, status: 400 },
  {
    name: "a link id that is no cuid",
    method: "PATCH",
    path: () => "/links/not-an-id/",
    body: `{"title":"x"}`,
    auth: true,
    status: 400,
    field: "id",
  },
  {
    name: "a profile id that is no cuid",
    method: "PUT",
    path: () => "/profiles/profiles/1%20OR%201=1/switch/",
    auth: true,
    status: 400,
    field: "id",
  },
  ...["null", "[]", '"text"', "1", "true"].map((body) => ({
    name: `update me with the body ${body}`,
    method: "PATCH",
    path: () => "/profiles/me/",
    body,
    auth: true,
    status: 400,
  })),
  {
    name: "update me with NUL in the bio",
    method: "PATCH",
    path: () => "/profiles/me/",
    body: `{"bio":"${NUL_JSON}"}`,
    auth: true,
    status: 400,
    field: "bio",
  },
  {
    name: "update me with a constructor key",
    method: "PATCH",
    path: () => "/profiles/me/",
    body: `{"constructor":{"prototype":{}}}`,
    auth: true,
    status: 400,
    field: "constructor",
  },
  {
    name: "a link title with NUL",
    method: "PATCH",
    path: ({ linkId }) => `/links/${linkId}/`,
    body: `{"title":"${NUL_JSON}"}`,
    auth: true,
    status: 400,
    field: "title",
  },
  {
    name: "a javascript: thumbnail",
    method: "POST",
    path: () => "/links/",
    body: `{"title":"x","url":"example.com","thumbnail":"javascript:alert(1)"}`,
    auth: true,
    status: 400,
    field: "thumbnail",
  },
  {
    name: "a foreign thumbnail",
    method: "POST",
    path: () => "/links/",
    body: `{"title":"x","url":"example.com","thumbnail":"https://evil.example/x.png"}`,
    auth: true,
    status: 400,
    field: "thumbnail",
  },
  {
    name: "a data: icon that is no image",
    method: "PATCH",
    path: ({ linkId }) => `/links/${linkId}/`,
    body: `{"icon_url":"data:text/plain;base64,aGVsbG8="}`,
    auth: true,
    status: 400,
    field: "icon_url",
  },
  {
    name: "show_as_player that is no boolean",
    method: "PATCH",
    path: ({ linkId }) => `/links/${linkId}/`,
    body: `{"show_as_player":"false"}`,
    auth: true,
    status: 400,
    field: "show_as_player",
  },
  {
    name: "an embed sent by the client",
    method: "POST",
    path: () => "/links/",
    body: `{"title":"x","url":"https://youtu.be/dQw4w9WgXcQ","embed":{"provider":"youtube","id":"evil","kind":"video"}}`,
    auth: true,
    status: 400,
  },
  {
    name: "a tracking colour",
    method: "PUT",
    path: () => "/profiles/design/",
    body: `{"button_color":"red;background:url(http://tracker.invalid/c)"}`,
    auth: true,
    status: 400,
    field: "button_color",
  },
  {
    name: "a covering colour",
    method: "PUT",
    path: () => "/profiles/design/",
    body: `{"text_color":"red;position:fixed;inset:0;z-index:99999"}`,
    auth: true,
    status: 400,
    field: "text_color",
  },
  {
    name: "an unknown design field",
    method: "PUT",
    path: () => "/profiles/design/",
    body: `{"button_css":"x"}`,
    auth: true,
    status: 400,
    field: "button_css",
  },
  {
    name: "a QR code of a size that is not a number",
    method: "GET",
    path: ({ slug }) => `/profiles/${slug}/qr/?size=1e3x`,
    status: 400,
    field: "size",
  },
  {
    name: "a QR code larger than 2048 px",
    method: "GET",
    path: ({ slug }) => `/profiles/${slug}/qr/?size=99999999`,
    status: 400,
    field: "size",
  },
  {
    name: "a QR code in an unknown format",
    method: "GET",
    path: ({ slug }) => `/profiles/${slug}/qr/?format=gif`,
    status: 400,
    field: "format",
  },
  {
    name: "a QR code in unknown colours",
    method: "GET",
    path: ({ slug }) => `/profiles/${slug}/qr/?colors=url(x)`,
    status: 400,
    field: "colors",
  },
  {
    name: "a username check with NUL",
    method: "POST",
    path: () => "/profiles/check-slug/",
    body: `{"slug":"ab${NUL_JSON}cd"}`,
    auth: true,
    status: 400,
  },
  {
    name: "a username check of 5,000 characters",
    method: "POST",
    path: () => "/profiles/check-slug/",
    body: JSON.stringify({ slug: "a".repeat(5000) }),
    auth: true,
    status: 400,
    field: "slug",
  },
  {
    name: "a username check that is no string",
    method: "POST",
    path: () => "/profiles/check-slug/",
    body: `{"slug":["admin"]}`,
    auth: true,
    status: 400,
    field: "slug",
  },
  { name: "two-factor set-up without a token", method: "POST", path: () => "/auth/2fa/setup/", status: 401 },
  {
    name: "two-factor enable without a code",
    method: "POST",
    path: () => "/auth/2fa/enable/",
    body: "{}",
    auth: true,
    status: 400,
    field: "code",
  },
  {
    name: "two-factor enable with NUL in the code",
    method: "POST",
    path: () => "/auth/2fa/enable/",
    body: `{"code":"12${NUL_JSON}34"}`,
    auth: true,
    status: 400,
    field: "code",
  },
  {
    name: "two-factor enable with an unknown field",
    method: "POST",
    path: () => "/auth/2fa/enable/",
    body: `{"code":"123456","secret":"AAAA"}`,
    auth: true,
    status: 400,
    field: "secret",
  },
  {
    name: "two-factor enable with a number for a code",
    method: "POST",
    path: () => "/auth/2fa/enable/",
    body: `{"code":123456}`,
    auth: true,
    status: 400,
    field: "code",
  },
  {
    name: "two-factor enable with a 5000-character code",
    method: "POST",
    path: () => "/auth/2fa/enable/",
    body: `{"code":"${"1".repeat(5000)}"}`,
    auth: true,
    status: 400,
    field: "code",
  },
  {
    name: "two-factor disable with neither code nor password",
    method: "POST",
    path: () => "/auth/2fa/disable/",
    body: "{}",
    auth: true,
    status: 400,
  },
  {
    name: "two-factor disable while it is off",
    method: "POST",
    path: () => "/auth/2fa/disable/",
    body: `{"password":"${PASSWORD}"}`,
    auth: true,
    status: 400,
  },
  {
    name: "two-factor disable with a __proto__ key",
    method: "POST",
    path: () => "/auth/2fa/disable/",
    body: `{"__proto__":{"code":"1"},"password":"x"}`,
    auth: true,
    status: 400,
    field: "__proto__",
  },
  {
    name: "new recovery codes with the body []",
    method: "POST",
    path: () => "/auth/2fa/recovery-codes/",
    body: "[]",
    auth: true,
    status: 400,
  },
  {
    name: "two-factor log-in without a ticket",
    method: "POST",
    path: () => "/auth/login/2fa/",
    body: `{"code":"123456"}`,
    status: 400,
    field: "ticket",
  },
  {
    name: "two-factor log-in with an unknown ticket",
    method: "POST",
    path: () => "/auth/login/2fa/",
    body: `{"ticket":"forged","code":"123456"}`,
    status: 401,
  },
  {
    name: "two-factor log-in with NUL in the ticket",
    method: "POST",
    path: () => "/auth/login/2fa/",
    body: `{"ticket":"a${NUL_JSON}b","code":"123456"}`,
    status: 400,
    field: "ticket",
  },
  {
    name: "two-factor log-in with an overlong ticket",
    method: "POST",
    path: () => "/auth/login/2fa/",
    body: `{"ticket":"${"t".repeat(4000)}","code":"123456"}`,
    status: 400,
    field: "ticket",
  },
  {
    name: "two-factor log-in with an object for a code",
    method: "POST",
    path: () => "/auth/login/2fa/",
    body: `{"ticket":"forged","code":{"$gt":""}}`,
    status: 400,
    field: "code",
  },
  { name: "a QR code for a slug with NUL", method: "GET", path: ({ slug }) => `/profiles/${slug}%00/qr/`, status: 400 },
  { name: "a QR code for an overlong slug", method: "GET", path: () => `/profiles/${"a".repeat(5000)}/qr/`, status: 400, field: "slug" },
  {
    name: "a reset request with NUL in the email",
    method: "POST",
    path: () => "/auth/password/reset/",
    body: `{"email":"${NUL_JSON}@example.com"}`,
    status: 400,
    field: "email",
  },
  {
    name: "a reset request that is an array",
    method: "POST",
    path: () => "/auth/password/reset/",
    body: `["someone@example.com"]`,
    status: 400,
  },
  {
    name: "a reset request with an unknown field",
    method: "POST",
    path: () => "/auth/password/reset/",
    body: `{"email":"${hostileEmail()}","admin":true}`,
    status: 400,
    field: "admin",
  },
  {
    name: "a reset confirm with an unknown token",
    method: "POST",
    path: () => "/auth/password/reset/confirm/",
    body: `{"token":"made-up","new_password":"${PASSWORD}"}`,
    status: 400,
  },
  {
    name: "a reset confirm with NUL in the token",
    method: "POST",
    path: () => "/auth/password/reset/confirm/",
    body: `{"token":"${NUL_JSON}","new_password":"${PASSWORD}"}`,
    status: 400,
    field: "token",
  },
  {
    name: "a reset confirm with a short password",
    method: "POST",
    path: () => "/auth/password/reset/confirm/",
    body: `{"token":"made-up","new_password":"short"}`,
    status: 400,
    field: "new_password",
  },
  {
    name: "an email link with a __proto__ key",
    method: "POST",
    path: () => "/auth/email/confirm/",
    body: `{"__proto__":{"x":1},"token":"made-up"}`,
    status: 400,
    field: "__proto__",
  },
  {
    name: "a change of email without the password",
    method: "POST",
    path: () => "/auth/email/change/",
    body: `{"new_email":"${hostileEmail()}"}`,
    auth: true,
    status: 400,
    field: "current_password",
  },
  {
    name: "a change of email signed out",
    method: "POST",
    path: () => "/auth/email/change/",
    body: `{"new_email":"${hostileEmail()}","current_password":"x"}`,
    status: 401,
  },
  { name: "an export signed out", method: "GET", path: () => "/auth/user/export/", status: 401 },
  ...[
    ["an unknown source", '{"source":"myspace","content":"x"}', "source"],
    ["an address for a CSV file", '{"source":"csv","url":"https://example.com/links.csv"}', "url"],
    ["a private address (nothing fetched)", '{"source":"linktree","url":"http://10.0.0.1/maya"}', "url"],
    ["the metadata address (nothing fetched)", '{"source":"linktree","url":"http://169.254.169.254/latest/meta-data/"}', "url"],
    ["HTML that is no Linktree page", '{"source":"linktree","content":"<html><body>hello</body></html>"}', "content"],
    ["an empty CSV file", '{"source":"csv","content":"title,url\\n"}', "content"],
    ["a LinkStack file that is not JSON", '{"source":"linkstack","content":"{links"}', "content"],
    ["NUL in the content", `{"source":"csv","content":"title,url\\nA${NUL_JSON},https://a.example.com"}`, "content"],
    ["content that is not text", '{"source":"csv","content":["title","url"]}', "content"],
  ].map(([what, body, field]) => ({
    name: `import preview with ${what}`,
    method: "POST",
    path: () => "/profiles/import/preview/",
    body,
    auth: true,
    status: 400,
    field,
  })),
  ...[
    ["a new profile without a username", '"target":"new"', "slug"],
    ["a reserved username", '"target":"new","slug":"import"', "slug"],
    ["an unknown target", '"target":"everywhere"', "target"],
    ["a link index outside the preview", '"target":"current","include":{"links":[5]}', "include"],
    ["an unknown field", '"target":"current","merge":true', "merge"],
    ["a progress key with other characters", '"target":"current","progress_key":"a b c d e f g h"', "progress_key"],
  ].map(([what, extra, field]) => ({
    name: `import with ${what}`,
    method: "POST",
    path: () => "/profiles/import/",
    body: `{"source":"csv","content":"title,url\\nA,https://a.example.com",${extra}}`,
    auth: true,
    status: 400,
    field,
  })),
  {
    name: "import without a token",
    method: "POST",
    path: () => "/profiles/import/preview/",
    body: '{"source":"csv","content":"title,url"}',
    status: 401,
  },
];

/** Everything the fixture's account owns, and every account a hostile registration could have made. */
async function storedState(userId: string): Promise<string> {
  const [user, profiles, hostileAccounts, secondFactors] = await Promise.all([
    db().user.findUnique({ where: { id: userId } }),
    db().profile.findMany({
      where: { user_id: userId },
      include: { links: { orderBy: { position: "asc" } }, design: true, custom_domain: true },
    }),
    db().user.count({ where: { email: { startsWith: "hostile-rest" } } }),
    db().user.findUnique({
      where: { id: userId },
      select: { settings: true, two_factor: true, recovery_codes: true, two_factor_tickets: true, passkeys: true },
    }),
  ]);
  return JSON.stringify({ user, profiles, hostileAccounts, secondFactors }, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
}

describe("hostile input through the REST adapter", () => {
  let fixture: Fixture;
  beforeAll(async () => {
    const email = `rest-owner-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await send("POST", "/auth/register/", {
      body: JSON.stringify({ email, password: PASSWORD, password_confirm: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    const access = registered.body.access as string;
    const slug = `r_${randomUUID().slice(0, 8)}`;
    expect((await send("POST", "/profiles/update-slug/", { access, body: JSON.stringify({ slug }) })).status).toBe(200);
    const link = await send("POST", "/links/", { access, body: JSON.stringify({ title: "Kept", url: "example.com" }) });
    fixture = { userId: (registered.body.user as { id: string }).id, access, linkId: link.body.id as string, slug };
  });

  it.each(rows)("$name → $status, nothing stored", async ({ method, path, body, auth, status, field }) => {
    const before = await storedState(fixture.userId);
    const answer = await send(method, path(fixture), { body, access: auth ? fixture.access : undefined });
    expect(answer.status).toBe(status);
    expect(responseSchemas.ValidationError.safeParse(answer.body).success, JSON.stringify(answer.body)).toBe(true);
    if (field) expect(Object.keys(answer.body)).toContain(field);
    expect(await storedState(fixture.userId)).toBe(before);
  });

  it("accepts a scheme-relative link URL as https", async () => {
    const answer = await send("POST", "/links/", {
      access: fixture.access,
      body: JSON.stringify({ title: "Evil", url: "//evil.example.com" }),
    });
    expect(answer).toMatchObject({ status: 201, body: { url: "https://evil.example.com" } });
  });
});
