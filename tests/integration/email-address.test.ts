import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { callerFor, registeredUser, signedIn, uniqueEmail } from "./helpers";
import { queuedFor, tokenFromLatest } from "./mail-capture";

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("email verification", () => {
  it("sends a link at sign-up that verifies the address without a session, once", async () => {
    const { email, caller } = await registeredUser("verify");
    expect((await caller.auth.me()).email_verified).toBe(false);
    const [message] = await queuedFor(email);
    expect(message?.subject).toBe("Confirm your email address for Linkbio");
    const token = await tokenFromLatest(email, "/verify-email");
    expect(await callerFor(null).auth.confirmEmail({ token })).toMatchObject({ outcome: "verified", email });
    expect((await caller.auth.me()).email_verified).toBe(true);
    // Opened again: the address is verified, and the answer says so rather than "invalid".
    expect((await failure(callerFor(null).auth.confirmEmail({ token }))).message).toBe("Your email address is already verified");
    expect((await failure(callerFor(null).auth.confirmEmail({ token: `${token}x` }))).message).toBe("This link is invalid or has expired");
    expect((await failure(caller.auth.resendVerification())).message).toBe("Your email address is already verified");
  });

  it("Resend replaces the earlier link", async () => {
    const { email, caller } = await registeredUser("resend");
    const first = await tokenFromLatest(email, "/verify-email");
    await caller.auth.resendVerification();
    const second = await tokenFromLatest(email, "/verify-email");
    expect(second).not.toBe(first);
    expect((await failure(callerFor(null).auth.confirmEmail({ token: first }))).code).toBe("BAD_REQUEST");
    await expect(callerFor(null).auth.confirmEmail({ token: second })).resolves.toMatchObject({ outcome: "verified" });
  });
});

describe("change of email", () => {
  it("asks for the password, switches only when the new address's link is opened, and tells the old address", async () => {
    const { id, email, password, caller } = await registeredUser("change-old");
    const newEmail = uniqueEmail("change-new");
    const wrong = await failure(caller.auth.changeEmail({ new_email: newEmail, current_password: "not the password" }));
    expect(wrong.message).toBe("Current password is incorrect");
    expect(await queuedFor(newEmail)).toHaveLength(0);

    await caller.auth.changeEmail({ new_email: newEmail.toUpperCase(), current_password: password });
    expect((await caller.auth.me()).email).toBe(email);
    const token = await tokenFromLatest(newEmail, "/verify-email");
    expect(await callerFor(null).auth.confirmEmail({ token })).toMatchObject({ outcome: "changed", email: newEmail });
    expect(await caller.auth.me()).toMatchObject({ email: newEmail, email_verified: true });
    expect((await queuedFor(email)).at(-1)?.subject).toBe("Your Linkbio email address was changed");
    expect(signedIn(await callerFor(null).auth.login({ email: newEmail, password })).user.id).toBe(id);
  });

  it("refuses an address another account uses, then and when the link is opened", async () => {
    const taken = await registeredUser("taken");
    const { password, caller } = await registeredUser("wants-taken");
    const now = await failure(caller.auth.changeEmail({ new_email: taken.email, current_password: password }));
    expect(now).toMatchObject({ code: "CONFLICT", message: "An account with this email already exists" });

    const later = uniqueEmail("race");
    await caller.auth.changeEmail({ new_email: later, current_password: password });
    const token = await tokenFromLatest(later, "/verify-email");
    await callerFor(null).auth.register({ email: later, password: "longenough", password_confirm: "longenough" });
    expect((await failure(callerFor(null).auth.confirmEmail({ token }))).code).toBe("CONFLICT");
    expect(await db().user.count({ where: { email: later } })).toBe(1);
  });
});
