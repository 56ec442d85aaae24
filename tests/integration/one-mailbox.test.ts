import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { handleRestRequest } from "@/server/rest/handler";
import { registeredUser } from "./helpers";

/** An email address is one mailbox: what is stored is where mail goes (docs/accounts.md#input-rules). */

const PASSWORD = "correct horse battery";
const INVALID = { email: ["Please enter a valid email address"] };

async function post(path: string, body: unknown, access?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (access) headers.authorization = `Bearer ${access}`;
  const response = await handleRestRequest(
    new Request(`http://localhost/api/v1${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Addresses that would send mail somewhere other than the address stored, or nowhere a person reads. */
const hostileAddresses = (tag: string) => [
  `x<attacker-${tag}@evil.test>`,
  `Owner <owner-${tag}@example.com>`,
  `a-${tag}@example.com,attacker@evil.test`,
  `"attacker@evil.test"-${tag}@example.com`,
  `owner-${tag}(attacker@evil.test)@example.com`,
  `owner-${tag}@example.com\nBcc: attacker@evil.test`,
];

describe("one mailbox per address", () => {
  it("refuses display names, lists, quoting and comments on sign-up, in parallel, and stores nothing", async () => {
    const tag = randomUUID().slice(0, 8);
    const before = await db().user.count();
    const answers = await Promise.all(
      hostileAddresses(tag).map((email) => post("/auth/register/", { email, password: PASSWORD, password_confirm: PASSWORD })),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 400, body: INVALID });
    expect(await db().user.count()).toBe(before);
    expect(await db().user.count({ where: { email: { contains: tag } } })).toBe(0);
  });

  it("refuses them on log-in, on a reset request and as a new address, and changes nothing", async () => {
    const user = await registeredUser("mailbox");
    const login = await post("/auth/login/", { email: user.email, password: user.password });
    const { access } = login.body as { access: string };
    const tag = randomUUID().slice(0, 8);
    for (const email of hostileAddresses(tag)) {
      expect(await post("/auth/login/", { email, password: PASSWORD }), email).toMatchObject({ status: 400, body: INVALID });
      expect(await post("/auth/password/reset/", { email }), email).toMatchObject({ status: 400, body: INVALID });
      const change = await post("/auth/email/change/", { new_email: email, current_password: user.password }, access);
      expect(change, email).toMatchObject({ status: 400, body: { new_email: INVALID.email } });
    }
    expect(await db().emailToken.count({ where: { user_id: user.id, purpose: { not: "verify" } } })).toBe(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("stores the address in lower case, so one mailbox typed in several cases at once makes one account", async () => {
    const local = `Mixed.Case-${randomUUID().slice(0, 8)}`;
    const spellings = [`${local}@Example.COM`, `${local.toLowerCase()}@example.com`, `${local.toUpperCase()}@EXAMPLE.com`];
    const answers = await Promise.all(
      spellings.map((email) => post("/auth/register/", { email, password: PASSWORD, password_confirm: PASSWORD })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    const stored = await db().user.findMany({ where: { email: { equals: `${local}@example.com`, mode: "insensitive" } } });
    expect(stored.map((user) => user.email)).toEqual([`${local.toLowerCase()}@example.com`]);
  });
});
