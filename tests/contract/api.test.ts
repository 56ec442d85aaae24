import fs from "node:fs";
import path from "node:path";
import { importJWK, SignJWT } from "jose";
import { Secret, TOTP } from "otpauth";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { GOOGLE_CLIENT_ID } from "./global-setup";
import {
  account,
  answered,
  baseUrl,
  BROWSER_UA,
  call,
  createLink,
  http,
  openApi,
  PASSWORD,
  uniqueEmail,
  uniqueSlug,
  type Account,
} from "./support";

/** Every documented call, answered as documented, over HTTP. */

let owner: Account;

beforeAll(async () => {
  owner = await account("owner");
});

afterAll(async () => {
  // Every operation of the document was exercised with its documented success status.
  const document = await openApi();
  const missing: string[] = [];
  for (const methods of Object.values(document.paths)) {
    for (const spec of Object.values(methods)) {
      const success = Object.keys(spec.responses)
        .map(Number)
        .find((status) => status < 300)!;
      if (!answered.get(spec.operationId)?.has(success)) missing.push(`${spec.operationId} ${success}`);
    }
  }
  expect(missing, "operations never answered with their success status").toEqual([]);
});

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every call of docs/product/api.md", async () => {
    const document = await openApi();
    expect(document.openapi).toBe("3.1.0");
    const calls = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls.sort()).toEqual(
      [
        "POST /auth/register/",
        "POST /auth/login/",
        "POST /auth/google/",
        "POST /auth/logout/",
        "POST /auth/refresh/",
        "POST /auth/tokens/",
        "GET /auth/tokens/",
        "DELETE /auth/tokens/{id}/",
        "GET /auth/user/",
        "DELETE /auth/user/",
        "POST /auth/password/change/",
        "POST /auth/login/2fa/",
        "POST /auth/2fa/setup/",
        "POST /auth/2fa/enable/",
        "POST /auth/2fa/disable/",
        "POST /auth/2fa/recovery-codes/",
        "POST /auth/password/reset/",
        "POST /auth/password/reset/confirm/",
        "POST /auth/email/confirm/",
        "POST /auth/email/verify/resend/",
        "POST /auth/email/change/",
        "POST /auth/email/revert/",
        "GET /auth/user/export/",
        "GET /profiles/me/",
        "PATCH /profiles/me/",
        "GET /profiles/{slug}/",
        "POST /profiles/check-slug/",
        "POST /profiles/update-slug/",
        "POST /profiles/complete-onboarding/",
        "POST /profiles/import/preview/",
        "POST /profiles/import/",
        "GET /profiles/design/",
        "PUT /profiles/design/",
        "POST /profiles/design/template/",
        "POST /profiles/design/reset/",
        "GET /profiles/settings/",
        "PUT /profiles/settings/",
        "GET /links/",
        "POST /links/",
        "GET /links/{id}/",
        "PATCH /links/{id}/",
        "DELETE /links/{id}/",
        "POST /links/reorder/",
        "POST /links/{id}/toggle/",
        "POST /links/{id}/duplicate/",
        "POST /links/{id}/click/",
        "GET /analytics/overview/",
        "GET /analytics/links/",
        "GET /analytics/timeline/",
        "GET /analytics/devices/",
        "GET /analytics/locations/",
        "GET /analytics/referrers/",
        "GET /analytics/browsers/",
        "GET /analytics/os/",
        "GET /analytics/utm/",
        "GET /analytics/realtime/",
        "GET /analytics/links/{id}/",
        "GET /profiles/{slug}/qr/",
        "GET /profiles/profiles/",
        "POST /profiles/profiles/",
        "GET /profiles/profiles/current/",
        "GET /profiles/profiles/{id}/",
        "PATCH /profiles/profiles/{id}/",
        "PUT /profiles/profiles/{id}/switch/",
        "DELETE /profiles/profiles/{id}/delete/",
        "GET /profiles/me/domain/",
        "PUT /profiles/me/domain/",
        "DELETE /profiles/me/domain/",
        "POST /profiles/me/domain/verify/",
        "GET /domains/allowed/",
        "GET /audience/subscribers/",
        "GET /audience/subscribers/export/",
        "DELETE /audience/subscribers/{id}/",
        "POST /profiles/{slug}/subscribe/",
        "POST /webhooks/",
        "GET /webhooks/",
        "DELETE /webhooks/{id}/",
        "GET /webhooks/{id}/deliveries/",
        "POST /webhooks/{id}/test/",
      ].sort(),
    );
  });
});

/** The newest link to `pathname` in a message the server wrote to its outbox folder for `to`. */
async function mailedToken(to: string, pathname: string, atLeast = 1): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  let tokens: string[] = [];
  await expect
    .poll(
      async () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
        const mails = await Promise.all(files.map((file) => simpleParser(fs.readFileSync(path.join(outbox, file)))));
        tokens = mails
          .filter((mail) => [mail.to].flat().some((address) => address?.value.some((entry) => entry.address === to)))
          .flatMap((mail) => (mail.text ?? "").match(/https?:\/\/[^\s)]+/g) ?? [])
          .map((link) => new URL(link))
          .filter((url) => url.pathname === pathname)
          .map((url) => url.searchParams.get("token") ?? "");
        return new Set(tokens).size >= atLeast;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return tokens[0]!;
}

describe("email", () => {
  it("resets a password through the mailed link: 202 either way, 400 with the documented detail", async () => {
    const client = await account("reset");
    const known = await call("auth.requestPasswordReset", { body: { email: client.email } });
    const unknown = await call("auth.requestPasswordReset", { body: { email: uniqueEmail("nobody") } });
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const refused = await call("auth.confirmPasswordReset", { body: { token: "made-up", new_password: "another password" } });
    expect(refused.body).toEqual({ detail: "This reset link is invalid or has expired", code: "validation_error" });
    const token = await mailedToken(client.email, "/reset-password");
    expect((await call("auth.confirmPasswordReset", { body: { token, new_password: "another password" } })).status).toBe(200);
    expect((await call("auth.user", { token: client.access })).status).toBe(401);
    expect((await call("auth.login", { body: { email: client.email, password: "another password" } })).status).toBe(200);
  });

  it("verifies the address, resends the link and changes the address", async () => {
    const client = await account("verify");
    expect((await call("auth.user", { token: client.access })).body.email_verified).toBe(false);
    expect((await call("auth.resendVerification", { token: client.access })).status).toBe(202);
    const token = await mailedToken(client.email, "/verify-email", 2);
    expect((await call("auth.confirmEmail", { body: { token } })).body).toMatchObject({ outcome: "verified" });
    expect((await call("auth.user", { token: client.access })).body.email_verified).toBe(true);

    const next = uniqueEmail("moved");
    expect((await call("auth.changeEmail", { token: client.access, body: { new_email: next, current_password: PASSWORD } })).status).toBe(
      202,
    );
    const change = await mailedToken(next, "/verify-email");
    expect((await call("auth.confirmEmail", { body: { token: change } })).body).toMatchObject({ outcome: "changed", email: next });

    // The old address undoes it with its notice's link and a new password.
    const revert = await mailedToken(client.email, "/revert-email");
    const reverted = await call("auth.revertEmail", { body: { token: revert, new_password: "the old address's passphrase" } });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ email: client.email });
    expect((await call("auth.user", { token: client.access })).status).toBe(401);
  });

  it("exports the account as one document", async () => {
    const answer = await call("auth.exportData", { token: owner.access });
    expect(answer.body).toMatchObject({ format: "linkbio-export", version: 2, account: { email: owner.email } });
  });
});

describe("auth", () => {
  it("registers with tokens, logs in, reads the user", async () => {
    const email = uniqueEmail("reg");
    const registered = await call("auth.register", {
      body: { email: email.toUpperCase(), password: PASSWORD, password_confirm: PASSWORD, first_name: "Ada" },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ email, first_name: "Ada", onboarding_completed: false });

    const login = await call("auth.login", { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(["access", "refresh", "user"]);

    const user = await call("auth.user", { token: login.body.access });
    expect(user.body).toEqual(registered.body.user);
  });

  it("reports registration field errors together, per field", async () => {
    const answer = await call("auth.register", { body: { email: "nope", password: "Zq8#kw", password_confirm: "other" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters"],
      password_confirm: ["Passwords do not match"],
    });
    expect(typeof answer.body.detail).toBe("string");

    const taken = await call("auth.register", { body: { email: owner.email, password: PASSWORD, password_confirm: PASSWORD } });
    expect(taken.status).toBe(400);
    expect(taken.body.email).toEqual(["An account with this email already exists"]);
  });

  it("refuses wrong credentials with 401 and 'Invalid credentials'", async () => {
    const answer = await call("auth.login", { body: { email: owner.email, password: "wrong password" } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ detail: "Invalid credentials", code: "invalid_credentials" });
    const empty = await call("auth.login", { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ detail: "Email is required", email: ["Email is required"] });
  });

  it("throttles repeated failures with 429 and Retry-After", async () => {
    const { email } = await account("throttle", { onboard: false });
    let last;
    for (let attempt = 0; attempt < 6; attempt++) last = await call("auth.login", { body: { email, password: "wrong password" } });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last!.body.detail).toMatch(/Too many failed log-in attempts/);
  });

  it("signs in with Google, reporting whether the account was created", async () => {
    const key = await importJWK(inject("googlePrivateJwk"), "RS256");
    const email = uniqueEmail("google");
    const credential = await new SignJWT({ email, email_verified: true, given_name: "Grace" })
      .setProtectedHeader({ alg: "RS256", kid: "contract-key" })
      .setIssuer("https://accounts.google.com")
      .setAudience(GOOGLE_CLIENT_ID)
      .setSubject(`google-${email}`)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);
    const first = await call("auth.google", { body: { credential } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: true, user: { email, first_name: "Grace" } });
    expect((await call("auth.google", { body: { credential } })).body.created).toBe(false);
    expect((await call("auth.google", { body: { credential: "not-a-token" } })).status).toBe(401);
    expect((await call("auth.google", { body: {} })).status).toBe(400);
  });

  it("refreshes, rotates and logs out", async () => {
    const { refresh } = await account("refresh", { onboard: false });
    const refreshed = await call("auth.refresh", { body: { refresh } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh).not.toBe(refresh);
    expect((await call("auth.user", { token: refreshed.body.access })).status).toBe(200);
    expect((await call("auth.logout", { body: { refresh: refreshed.body.refresh } })).status).toBe(200);
    expect((await call("auth.refresh", { body: { refresh: refreshed.body.refresh } })).status).toBe(401);
    // Log-out ignores errors, as clients do: unknown tokens and empty bodies are fine.
    expect((await call("auth.logout", { body: { refresh: "unknown" } })).status).toBe(200);
    expect((await call("auth.logout", {})).status).toBe(200);
  });

  it("changes the password and revokes refresh tokens", async () => {
    const me = await account("password", { onboard: false });
    const wrong = await call("auth.changePassword", {
      token: me.access,
      body: { current_password: "wrong password", new_password: "another password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.current_password).toEqual(["Current password is incorrect"]);
    const changed = await call("auth.changePassword", {
      token: me.access,
      body: { current_password: PASSWORD, new_password: "another password" },
    });
    expect(changed.body).toEqual({ success: true });
    expect((await call("auth.refresh", { body: { refresh: me.refresh } })).status).toBe(401);
    expect((await call("auth.login", { body: { email: me.email, password: "another password" } })).status).toBe(200);
  });

  it("deletes the account: its tokens and password stop working", async () => {
    const me = await account("leaver");
    const deleted = await call("auth.deleteAccount", { token: me.access });
    expect(deleted.status).toBe(204);
    expect((await call("auth.user", { token: me.access })).status).toBe(401);
    expect((await call("auth.refresh", { body: { refresh: me.refresh } })).status).toBe(401);
    expect((await call("auth.login", { body: { email: me.email, password: PASSWORD } })).status).toBe(401);
    expect((await call("auth.deleteAccount", {})).status).toBe(401);
  });
});

describe("API tokens", () => {
  it("creates, lists and revokes a token that works on its scopes with RateLimit headers", async () => {
    const created = await call("apiToken.create", {
      token: owner.access,
      body: { name: "CI", scopes: ["links:write"], expires_in_days: 7 },
    });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    const listed = await call("apiToken.list", { token: owner.access });
    expect(listed.body.tokens.map((item: { id: string }) => item.id)).toContain(created.body.id);
    const links = await call("link.list", { token });
    expect(links.status).toBe(200);
    expect(Number(links.headers.get("ratelimit-remaining"))).toBeLessThan(Number(links.headers.get("ratelimit-limit")));
    expect(links.headers.get("ratelimit-reset")).toMatch(/^\d+$/);
    const headers = { "idempotency-key": "contract-create" };
    const first = await call("link.create", { token, body: { title: "Once", url: "example.com" }, headers });
    const again = await call("link.create", { token, body: { title: "Once", url: "example.com" }, headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await call("apiToken.revoke", { token: owner.access, params: { id: created.body.id as string } })).status).toBe(204);
    expect((await call("link.list", { token })).status).toBe(401);
  });
});

describe("audience", () => {
  it("takes a sign-up on the public call, lists, exports and removes the subscriber", async () => {
    const creator = await account("audience");
    await createLink(creator.access, { title: "Newsletter", link_type: "signup", url: "" });
    const email = uniqueEmail("fan");
    const accepted = await call("audience.subscribe", {
      params: { slug: creator.slug },
      body: { email },
      headers: { "user-agent": BROWSER_UA },
    });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ status: "pending" });
    const listed = await call("audience.list", { token: creator.access });
    expect(listed.status).toBe(200);
    const [subscriber] = listed.body.results as { id: string; email: string; status: string }[];
    expect(subscriber).toMatchObject({ email, status: "pending" });
    const exported = await call("audience.export", { token: creator.access, query: { format: "csv" } });
    expect(exported.status).toBe(200);
    expect((await call("audience.remove", { token: creator.access, params: { id: subscriber!.id } })).status).toBe(204);
  });
});

describe("webhooks", () => {
  it("adds a webhook, pings it, lists the delivery and deletes it", async () => {
    const url = inject("webhookReceiverUrl");
    const created = await call("webhook.create", {
      token: owner.access,
      body: { url, events: ["link.created", "link.clicked"], current_password: PASSWORD },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const id = created.body.id as string;
    const listed = await call("webhook.list", { token: owner.access });
    expect(listed.body.webhooks).toContainEqual(expect.objectContaining({ id, url, status: "active" }));
    const ping = await call("webhook.test", { token: owner.access, params: { id }, body: {} });
    expect(ping.status).toBe(202);
    // The server's worker delivers in the background: wait for the attempt to be listed.
    await expect
      .poll(async () => (await call("webhook.deliveries", { token: owner.access, params: { id } })).body.deliveries, { timeout: 20_000 })
      .toContainEqual(expect.objectContaining({ event_id: ping.body.event_id, type: "ping", status: "succeeded", response_status: 204 }));
    expect((await call("webhook.delete", { token: owner.access, params: { id } })).status).toBe(204);
    expect((await call("webhook.deliveries", { token: owner.access, params: { id } })).status).toBe(404);
  });
});

describe("profile", () => {
  it("reads and updates the account and current profile", async () => {
    const me = await call("profile.me", { token: owner.access });
    expect(me.body.user.id).toBe(owner.userId);
    expect(me.body.profile.slug).toBe(owner.slug);

    const patched = await call("profile.updateMe", {
      token: owner.access,
      body: { first_name: "Owen", display_name: "Owen's page", bio: "Hello", show_click_stats: true, user_goal: "creator" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.user.first_name).toBe("Owen");
    expect(patched.body.profile).toMatchObject({ display_name: "Owen's page", bio: "Hello", show_click_stats: true, user_goal: "creator" });

    const invalid = await call("profile.updateMe", { token: owner.access, body: { profile_visibility: "secret", colour: 1 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.profile_visibility).toHaveLength(1);
    expect(invalid.body.colour).toEqual(["Unknown field: colour"]);
  });

  it("accepts an avatar as an image data URL of several megabytes", async () => {
    const me = await account("avatar");
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const dataUrl = `data:image/png;base64,${Buffer.concat([png, Buffer.alloc(2_000_000)]).toString("base64")}`;
    const answer = await call("profile.updateMe", { token: me.access, body: { avatar_url: dataUrl } });
    expect(answer.status, answer.text.slice(0, 300)).not.toBe(413);
  });

  it("checks and claims usernames", async () => {
    const me = await account("slugs", { onboard: false });
    const slug = uniqueSlug("claim");
    expect((await call("profile.checkSlug", { token: me.access, body: { slug } })).body).toEqual({ slug, available: true });
    expect((await call("profile.checkSlug", { token: me.access, body: { slug: owner.slug } })).body).toMatchObject({
      available: false,
      reason: "taken",
    });
    expect((await call("profile.checkSlug", { token: me.access, body: { slug: "check-slug" } })).body).toMatchObject({
      available: false,
      reason: "reserved",
    });
    expect((await call("profile.checkSlug", { token: me.access, body: { slug: "Maya Test!" } })).body).toMatchObject({
      available: false,
      reason: "invalid",
    });
    const claimed = await call("profile.updateSlug", { token: me.access, body: { slug } });
    expect(claimed.body.slug).toBe(slug);
    const taken = await call("profile.updateSlug", { token: me.access, body: { slug: owner.slug } });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ detail: "This username is already taken", code: "conflict", slug: ["This username is already taken"] });
    const short = await call("profile.updateSlug", { token: me.access, body: { slug: "ab" } });
    expect(short.body.slug).toEqual(["Username must be at least 3 characters"]);
    const done = await call("profile.completeOnboarding", { token: me.access });
    expect(done.body).toEqual({ success: true });
    expect((await call("auth.user", { token: me.access })).body.onboarding_completed).toBe(true);
  });

  it("serves the public profile: display fields, design and active links; 404 when unknown", async () => {
    const me = await account("public");
    await call("profile.updateMe", { token: me.access, body: { display_name: "Public Person", bio: "Bio" } });
    await createLink(me.access, { title: "Shown", utm_source: "bio link" });
    const hidden = await createLink(me.access, { title: "Hidden" });
    await call("link.toggle", { token: me.access, params: { id: hidden.id } });

    const page = await call("profile.public", { params: { slug: me.slug.toUpperCase() } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ is_published: true, slug: me.slug, display_name: "Public Person", bio: "Bio" });
    expect(page.body.links.map((link: { title: string }) => link.title)).toEqual(["Shown"]);
    expect(page.body.links[0].href).toBe("https://example.com?utm_source=bio%20link");
    expect(page.body.design.button_style).toBe("rounded");

    const unknown = await call("profile.public", { params: { slug: uniqueSlug("nobody") } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "Profile not found", code: "not_found" });
  });

  it("answers a private profile with is_published false and nothing else, except to its owner", async () => {
    const me = await account("private");
    await call("profile.updateMe", { token: me.access, body: { profile_visibility: "private", display_name: "Secret" } });
    await createLink(me.access, { title: "Secret link" });
    const visitor = await call("profile.public", { params: { slug: me.slug } });
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ slug: me.slug, is_published: false });
    const stranger = await call("profile.public", { params: { slug: me.slug }, token: owner.access });
    expect(stranger.body).toEqual({ slug: me.slug, is_published: false });
    const ownView = await call("profile.public", { params: { slug: me.slug }, token: me.access });
    expect(ownView.body).toMatchObject({ is_published: true, display_name: "Secret" });
  });

  it("reads, saves, templates and resets the design", async () => {
    const me = await account("design");
    const design = await call("design.get", { token: me.access });
    expect(design.body.wallpaper_type).toBe("none");
    const saved = await call("design.save", {
      token: me.access,
      body: { wallpaper_type: "gradient", font_size: "large", button_variant: "sparkly", hide_footer: true },
    });
    expect(saved.body).toMatchObject({ wallpaper_type: "gradient", font_size: 18, button_variant: "solid", hide_footer: true });
    const wrong = await call("design.save", { token: me.access, body: { gradient_angle: "steep" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.gradient_angle).toHaveLength(1);
    expect((await call("design.applyTemplate", { token: me.access, body: { template: "neon" } })).body).toEqual({
      success: true,
      template: "neon",
    });
    expect((await call("design.applyTemplate", { token: me.access, body: { template: "vapor" } })).body.template).toEqual([
      "Unknown template",
    ]);
    expect((await call("design.reset", { token: me.access })).body).toEqual({ success: true });
    expect((await call("design.get", { token: me.access })).body.wallpaper_type).toBe("none");
  });

  it("needs a username before design, links and analytics (404)", async () => {
    const fresh = await account("nouser", { onboard: false });
    for (const id of ["design.get", "link.list", "analytics.overview", "profile.current"]) {
      const answer = await call(id, { token: fresh.access });
      expect(answer.status, id).toBe(404);
    }
  });

  it("reads and changes settings", async () => {
    const me = await account("settings");
    const initial = await call("settings.get", { token: me.access });
    expect(initial.body).toEqual({
      email_notifications: true,
      link_click_notifications: true,
      profile_view_notifications: false,
      monthly_report: true,
      two_factor_enabled: false,
      profile_goal: null,
    });
    const changed = await call("settings.update", { token: me.access, body: { monthly_report: false } });
    expect(changed.body).toMatchObject({ monthly_report: false, email_notifications: true });
    expect((await call("settings.update", { token: me.access, body: { profile_goal: "business" } })).body.profile_goal).toBe("business");
    // two_factor_enabled is read-only: sent back as read, it changes nothing.
    const readOnly = await call("settings.update", { token: me.access, body: { two_factor_enabled: true } });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.two_factor_enabled).toBe(false);
  });
});

describe("two-factor", () => {
  const codeFor = (secret: string, stepsAhead = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

  it("sets up, enables, asks log-in for a code, issues new recovery codes and disables, as documented", async () => {
    const me = await account("totp");
    const setup = await call("twoFactor.setup", { token: me.access });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const secret = setup.body.secret as string;
    const enabled = await call("twoFactor.enable", { token: me.access, body: { code: codeFor(secret) } });
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect((await call("settings.get", { token: me.access })).body.two_factor_enabled).toBe(true);

    const challenged = await call("auth.login", { body: { email: me.email, password: PASSWORD } });
    expect(challenged.status).toBe(200);
    expect(challenged.body).toEqual({ two_factor_required: true, ticket: expect.any(String) });
    const wrong = await call("auth.loginTwoFactor", { body: { ticket: challenged.body.ticket, code: "not-a-code" } });
    expect(wrong.status).toBe(401);
    const finished = await call("auth.loginTwoFactor", { body: { ticket: challenged.body.ticket, code: enabled.body.recovery_codes[0] } });
    expect(finished.status).toBe(200);
    expect(Object.keys(finished.body).sort()).toEqual(["access", "refresh", "user"]);

    const fresh = await call("twoFactor.regenerateRecoveryCodes", { token: finished.body.access, body: { password: PASSWORD } });
    expect(fresh.body.recovery_codes).toHaveLength(10);
    const refused = await call("twoFactor.disable", { token: me.access, body: { password: "not my password" } });
    expect(refused.status).toBe(400);
    expect((await call("twoFactor.disable", { token: me.access, body: { code: codeFor(secret, 1) } })).status).toBe(200);
    expect((await call("auth.login", { body: { email: me.email, password: PASSWORD } })).body.access).toEqual(expect.any(String));
  });
});

describe("links", () => {
  it("takes a title of up to 200 characters, as the document says", async () => {
    const me = await account("longtitle");
    const document = await openApi();
    const body = (
      document.paths["/links/"]!.post as unknown as { requestBody: { content: { "application/json": { schema: { $ref: string } } } } }
    ).requestBody.content["application/json"].schema;
    const schema = document.components.schemas[body.$ref.split("/").pop()!] as { properties: { title: { maxLength: number } } };
    expect(schema.properties.title.maxLength).toBe(200);

    expect((await createLink(me.access, { title: "x".repeat(200) })).title).toBe("x".repeat(200));
    const tooLong = await call("link.create", { token: me.access, body: { title: "x".repeat(201), url: "example.com" } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.title).toEqual(["Title must be less than 200 characters"]);
  });

  it("creates, reads, updates, toggles, duplicates, reorders and deletes", async () => {
    const me = await account("links");
    const first = await createLink(me.access, { title: "First", url: "first.example.com", order: 7 });
    expect(first).toMatchObject({
      title: "First",
      url: "https://first.example.com",
      position: 0,
      order: 0,
      is_active: true,
      link_type: "regular",
    });
    const second = await createLink(me.access, { title: "Second", link_type: "social", username: "me", is_adult: true });
    expect(second.position).toBe(1);

    expect((await call("link.get", { token: me.access, params: { id: first.id } })).body).toEqual(first);
    const updated = await call("link.update", {
      token: me.access,
      params: { id: first.id },
      body: { title: "First!", utm_campaign: "spring" },
    });
    expect(updated.body).toMatchObject({ title: "First!", utm_campaign: "spring", url: "https://first.example.com" });
    const invalid = await call("link.update", { token: me.access, params: { id: first.id }, body: { url: "not a url at all" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ detail: "Please enter a valid URL", code: "validation_error", url: ["Please enter a valid URL"] });
    const untitled = await call("link.create", { token: me.access, body: { url: "x.com" } });
    expect(untitled.status).toBe(400);
    expect(untitled.body.title).toHaveLength(1);

    expect((await call("link.toggle", { token: me.access, params: { id: first.id } })).body).toEqual({ id: first.id, is_active: false });
    const copy = await call("link.duplicate", { token: me.access, params: { id: second.id } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: `${second.title} (copy)`, position: 2 });

    const order = [copy.body.id, first.id, second.id];
    const reordered = await call("link.reorder", { token: me.access, body: { link_ids: order } });
    expect(reordered.body.map((link: { id: string }) => link.id)).toEqual(order);

    const deleted = await call("link.delete", { token: me.access, params: { id: first.id } });
    expect(deleted.status).toBe(204);
    expect((await call("link.get", { token: me.access, params: { id: first.id } })).status).toBe(404);

    const list = await call("link.list", { token: me.access });
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.body.results.map((link: { id: string }) => link.id)).toEqual([copy.body.id, second.id]);
  });

  it("pages lists by 20 with absolute next/previous addresses", async () => {
    const me = await account("pages");
    for (let index = 0; index < 21; index++) await createLink(me.access, { title: `Link ${index}` });
    const first = await call("link.list", { token: me.access });
    expect(first.body.count).toBe(21);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${baseUrl}/api/v1/links/?page=2`);
    const second = await http("GET", first.body.next.replace(`${baseUrl}/api/v1`, ""), { token: me.access });
    expect(second.body.results.map((link: { title: string }) => link.title)).toEqual(["Link 20"]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe(`${baseUrl}/api/v1/links/`);
    expect((await call("link.list", { token: me.access, query: { page: 3 } })).status).toBe(404);
    const bad = await call("link.list", { token: me.access, query: { page: "zero" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      detail: "A valid page number is required.",
      code: "validation_error",
      page: ["A valid page number is required."],
    });
    expect((await call("link.list", { token: me.access, query: { page: 0 } })).body.page).toEqual(["Pages start at 1."]);
    // Authentication comes first: no token, 401 whatever the query.
    expect((await call("link.list", { query: { page: "zero" } })).status).toBe(401);
  });

  it("records clicks from the public page beacon", async () => {
    const me = await account("clicks");
    const link = await createLink(me.access);
    const click = await call("link.click", {
      params: { id: link.id },
      body: { referrer: `${baseUrl}/${me.slug}` },
      headers: { "user-agent": BROWSER_UA },
    });
    expect(click.status).toBe(204);
    expect((await call("link.click", { params: { id: "nonexistent" }, headers: { "user-agent": BROWSER_UA } })).status).toBe(404);
    expect(
      (await call("link.click", { params: { id: link.id }, rawBody: "{not json", headers: { "user-agent": BROWSER_UA } })).status,
    ).toBe(400);
    expect((await call("link.click", { params: { id: link.id }, body: { referrer: "x".repeat(5000) } })).status).toBe(413);
    const wrongMethod = await http("GET", `/links/${link.id}/click/`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await call("link.get", { token: me.access, params: { id: link.id } })).body.clicks).toBe(1);
  });
});

describe("analytics", () => {
  it("answers the documented shapes for 7, 30 and 90 days, with visits counted", async () => {
    const me = await account("stats");
    const link = await createLink(me.access, { title: "Counted" });
    const visit = await fetch(`${baseUrl}/${me.slug}`, { headers: { "user-agent": BROWSER_UA } });
    expect(visit.status).toBe(200);
    await call("link.click", { params: { id: link.id }, body: {}, headers: { "user-agent": BROWSER_UA } });

    let overview;
    for (let attempt = 0; attempt < 20; attempt++) {
      overview = await call("analytics.overview", { token: me.access, query: { days: 7 } });
      if (overview.body.total_views >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(overview!.body).toMatchObject({ total_views: 1, total_clicks: 1, unique_visitors: 1, click_rate: 100 });

    const links = await call("analytics.links", { token: me.access, query: { days: 30 } });
    expect(links.body.links[0]).toMatchObject({ title: "Counted", clicks: 1, click_percentage: 100 });
    const timeline = await call("analytics.timeline", { token: me.access });
    expect(timeline.body.data).toHaveLength(30);
    expect((await call("analytics.timeline", { token: me.access, query: { days: 90, tz: "Europe/Paris" } })).body.data).toHaveLength(90);
    const devices = await call("analytics.devices", { token: me.access, query: { days: 90 } });
    expect(devices.body.devices[0]).toMatchObject({ device_type: "desktop", percentage: 100 });
    const locations = await call("analytics.locations", { token: me.access });
    expect(locations.body.locations[0]).toMatchObject({ country: "Unknown", visits: 1, percentage: 100 });

    const wrong = await call("analytics.overview", { token: me.access, query: { days: 14 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: "days must be 7, 30 or 90", code: "validation_error", days: ["days must be 7, 30 or 90"] });
    expect((await call("analytics.devices", { token: me.access, query: { tz: "Mars/Base" } })).status).toBe(400);

    // The newer breakdowns, filters, ranges, the live card and one link's detail.
    const filters = { device: ["desktop", "mobile"], country: "Unknown" };
    const browsers = await call("analytics.browsers", { token: me.access, query: filters });
    expect(browsers.body.browsers[0]).toMatchObject({ count: 1, percentage: 100 });
    expect((await call("analytics.os", { token: me.access, query: { days: 30 } })).body.os).toHaveLength(1);
    expect((await call("analytics.utm", { token: me.access, query: { field: "medium" } })).body).toEqual({ utm: [] });
    expect((await call("analytics.realtime", { token: me.access })).body).toMatchObject({ views: 1, clicks: 1 });
    const today = new Date().toISOString().slice(0, 10);
    const hoursSoFar = new Date().getUTCHours() + 1;
    const hourly = await call("analytics.timeline", { token: me.access, query: { from: today, to: today, interval: "hour" } });
    // The hourly chart stops at the current hour (a later one if the hour turned meanwhile).
    expect(hourly.body.data.length).toBeGreaterThanOrEqual(hoursSoFar);
    expect(hourly.body.data.length).toBeLessThanOrEqual(24);
    const detail = await call("analytics.link", { token: me.access, params: { id: link.id }, query: { days: 7 } });
    expect(detail.body).toMatchObject({ id: link.id, title: "Counted", clicks: 1, unique_clicks: 1 });
    expect(detail.body.timeline).toHaveLength(7);
    const stranger = await account("stats-stranger");
    expect((await call("analytics.link", { token: stranger.access, params: { id: link.id } })).status).toBe(404);
    expect((await call("analytics.utm", { token: me.access, query: { field: "term" } })).status).toBe(400);
  });
});

describe("sharing", () => {
  it("answers a public page's QR code as SVG or PNG, 404 for a private page, 400 for a bad size", async () => {
    const me = await account("qr");
    const png = await call("share.publicQrCode", { params: { slug: me.slug }, query: { format: "png", size: 256 } });
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe(`inline; filename="${me.slug}-qr-256.png"`);
    const bytes = Buffer.from(await (await fetch(`${baseUrl}/api/v1/profiles/${me.slug}/qr/?size=256`)).arrayBuffer());
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([256, 256]);

    const svg = await call("share.publicQrCode", { params: { slug: me.slug }, query: { format: "svg", colors: "page" }, slash: false });
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.text).toMatch(/^<svg\b[^>]*\bwidth="512" height="512"/);

    const tooSmall = await call("share.publicQrCode", { params: { slug: me.slug }, query: { size: 64 } });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.size).toHaveLength(1);
    expect((await call("share.publicQrCode", { params: { slug: me.slug }, query: { format: "jpeg" } })).status).toBe(400);

    expect((await call("profile.updateMe", { token: me.access, body: { profile_visibility: "private" } })).status).toBe(200);
    const hidden = await call("share.publicQrCode", { params: { slug: me.slug } });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ detail: "Profile not found", code: "not_found" });
    expect((await call("share.publicQrCode", { params: { slug: uniqueSlug("nobody") } })).status).toBe(404);
  });

  it("counts a visit through the QR code under the referrer QR code", async () => {
    const me = await account("qrvisit");
    expect((await fetch(`${baseUrl}/u/${me.slug}?ref=qr`, { headers: { "user-agent": BROWSER_UA } })).status).toBe(200);
    let referrers;
    for (let attempt = 0; attempt < 20; attempt++) {
      referrers = await call("analytics.referrers", { token: me.access, query: { days: 7 } });
      if (referrers.body.referrers.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(referrers!.body.referrers).toEqual([{ name: "QR code", count: 1, percentage: 100, referrer: "QR code", visits: 1 }]);
  });
});

describe("custom domain", () => {
  it("connects, refuses a missing record, verifies, is allowed for certificates, and is removed", async () => {
    const client = await account("domain");
    const auth = { token: client.access };
    const domain = `${uniqueSlug("d").replace(/_/g, "-")}.example.com`;
    expect((await call("domain.mine", auth)).status).toBe(404);
    const connected = await call("domain.connect", { ...auth, body: { domain: domain.toUpperCase() } });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      domain,
      status: "pending",
      verified_at: null,
      verification: { type: "TXT", name: `_linkbio.${domain}` },
    });
    expect((await call("domain.connect", { ...auth, body: { domain: "https://x.example.com" } })).status).toBe(400);
    const missing = await call("domain.verify", auth);
    expect(missing.status).toBe(400);
    expect((missing.body as { detail: string }).detail).toContain(`_linkbio.${domain}`);
    expect((await call("domain.allowed", { query: { domain } })).status).toBe(404);

    const { name, value } = (connected.body as { verification: { name: string; value: string } }).verification;
    await fetch(inject("dnsControlUrl"), { method: "POST", body: JSON.stringify({ name, values: [value] }) });
    const verified = await call("domain.verify", auth);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ domain, status: "active" });
    expect((await call("domain.mine", auth)).body).toEqual(verified.body);
    expect((await call("domain.allowed", { query: { domain } })).status).toBe(200);
    expect((await call("domain.allowed", { query: { domain: "127.0.0.1" } })).status).toBe(400);

    expect((await call("domain.remove", auth)).status).toBe(204);
    expect((await call("domain.allowed", { query: { domain } })).status).toBe(404);
    expect((await call("domain.mine", auth)).status).toBe(404);
  });
});

describe("multi-profile", () => {
  it("lists, creates, reads, updates, switches and deletes profiles", async () => {
    const me = await account("multi");
    const initial = await call("profile.list", { token: me.access });
    expect(initial.body).toMatchObject({ count: 1, next: null, previous: null });
    const current = await call("profile.current", { token: me.access });
    expect(current.body).toMatchObject({ slug: me.slug, is_primary: true });

    const slug = uniqueSlug("second");
    const created = await call("profile.create", { token: me.access, body: { display_name: "Second", slug, bio: "Two" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug, display_name: "Second", is_primary: false });
    const duplicate = await call("profile.create", { token: me.access, body: { display_name: "Again", slug } });
    expect(duplicate.body.slug).toEqual(["This username is already taken"]);
    const nameless = await call("profile.create", { token: me.access, body: { slug: uniqueSlug() } });
    expect(nameless.status).toBe(400);
    expect(nameless.body.display_name).toHaveLength(1);

    expect((await call("profile.get", { token: me.access, params: { id: created.body.id } })).body.id).toBe(created.body.id);
    const updated = await call("profile.update", { token: me.access, params: { id: created.body.id }, body: { bio: "Changed" } });
    expect(updated.body.bio).toBe("Changed");
    const unknownField = await call("profile.update", { token: me.access, params: { id: created.body.id }, body: { slug: "x" } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.slug).toEqual(["Unknown field: slug"]);

    const switched = await call("profile.switch", { token: me.access, params: { id: created.body.id } });
    expect(switched.body).toMatchObject({ id: created.body.id, is_primary: true });
    expect((await call("profile.current", { token: me.access })).body.id).toBe(created.body.id);

    const deleted = await call("profile.delete", { token: me.access, params: { id: created.body.id } });
    expect(deleted.body).toEqual({ success: true, was_current: true });
    const only = await call("profile.delete", { token: me.access, params: { id: current.body.id } });
    expect(only.status).toBe(400);
    expect(only.body).toEqual({ detail: "Cannot delete your only profile", code: "validation_error" });
  });
});

describe("import", () => {
  it("previews a CSV file without writing, imports it into a new profile, and refuses a private address with 400", async () => {
    const me = await account("importer");
    const content =
      '\uFEFFtitle,url,type\n"Shop, new",https://shop.example.com,\nSection,,header\nFollow,https://instagram.com/me,social\n';
    const preview = await call("import.preview", { token: me.access, body: { source: "csv", content } });
    expect(preview.status).toBe(200);
    expect(preview.body.links).toEqual([
      { title: "Shop, new", url: "https://shop.example.com", link_type: "regular", is_active: true, brand: null, profile: 0 },
      { title: "Section", url: "", link_type: "header", is_active: true, brand: null, profile: 0 },
      { title: "Follow", url: "https://instagram.com/me", link_type: "social", is_active: true, brand: "instagram", profile: 0 },
    ]);
    expect((await call("link.list", { token: me.access })).body.count).toBe(0);

    const slug = uniqueSlug("imported");
    const imported = await call("import.confirm", {
      token: me.access,
      body: { source: "csv", content, target: "new", slug, fingerprint: preview.body.fingerprint, include: { links: [0, 2] } },
    });
    expect(imported.status).toBe(201);
    expect(imported.body.profile).toMatchObject({ slug, is_primary: false });
    expect(imported.body.links.map((link: { title: string }) => link.title)).toEqual(["Shop, new", "Follow"]);

    const refused = await call("import.preview", { token: me.access, body: { source: "linktree", url: "http://127.0.0.1:1/page" } });
    expect(refused.status).toBe(400);
    expect(refused.body.url).toEqual(["This address is not on the public internet, so it is not fetched"]);
    const notLinktree = await call("import.preview", { token: me.access, body: { source: "linktree", content: "<html></html>" } });
    expect(notLinktree.body).toMatchObject({ detail: "This page could not be read as a Linktree page" });
  });
});
