import { describe, expect, it } from "vitest";
import { emailField } from "./auth";

/** Addresses that name one mailbox, as typed (the services store them in lower case). */
const ONE_MAILBOX = [
  "someone@example.com",
  "First.Last+tag@Example.COM",
  "o'brien@mail.example.co.uk",
  "x_y-z!#$%&*/=?^`{|}~@example.org",
  "someone@xn--mnchen-3ya.de",
  "  padded@example.com  ",
  `${"a".repeat(64)}@example.com`,
  `a@${"b".repeat(63)}.com`,
];

/** Display names, comments, lists, quoting and malformed atoms: each could send mail somewhere other than the stored address. */
const NOT_ONE_MAILBOX = [
  "x<attacker@evil.test>",
  "Someone <someone@example.com>",
  "a,b@c.d",
  "a@b.c,d@e.f",
  "a@b.c;d@e.f",
  '"a b"@example.com',
  '"a@b"@example.com',
  "a(comment)@example.com",
  "a@example.com(comment)",
  "a\\@b@example.com",
  "a b@example.com",
  "a..b@example.com",
  ".a@example.com",
  "a.@example.com",
  "a@-example.com",
  "a@example-.com",
  "a@example..com",
  "a@.example.com",
  "a@example.com.",
  "a@example",
  "a@[192.0.2.1]",
  "a@b@example.com",
  "a@example.c_m",
  "josé@example.com",
  "a@münchen.de",
  "a\u0000@example.com",
  "a\n@example.com",
  "a@exam\rple.com",
  "a\u200b@example.com",
  `${"a".repeat(65)}@example.com`,
  `a@${"b".repeat(64)}.com`,
  `a@${"b.".repeat(126)}cc`,
];

describe("emailField", () => {
  it.each(ONE_MAILBOX)("accepts one mailbox: %j", (address) => {
    expect(emailField.parse(address)).toBe(address.trim());
  });

  it.each(NOT_ONE_MAILBOX)("refuses anything else: %j", (address) => {
    const result = emailField.safeParse(address);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^(Please enter a valid email address|Email must be at most 254 characters)$/);
  });
});
