import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "@/server/api/errors";
import { db } from "@/server/db/client";
import { callerFor, registeredUser } from "./helpers";

const DEFAULTS = {
  email_notifications: true,
  link_click_notifications: true,
  profile_view_notifications: false,
  monthly_report: true,
  two_factor_enabled: false,
  profile_goal: null,
};

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("user settings", () => {
  it("start with the notification defaults: all on but profile views", async () => {
    const { caller } = await registeredUser();
    await expect(caller.settings.get()).resolves.toEqual(DEFAULTS);
  });

  it("change one switch at a time and keep the others", async () => {
    const { caller } = await registeredUser();
    await expect(caller.settings.update({ profile_view_notifications: true })).resolves.toEqual({
      ...DEFAULTS,
      profile_view_notifications: true,
    });
    await caller.settings.update({ monthly_report: false });
    await caller.settings.update({ profile_goal: "business" });
    await expect(caller.settings.get()).resolves.toEqual({
      ...DEFAULTS,
      profile_view_notifications: true,
      monthly_report: false,
      profile_goal: "business",
    });
  });

  it("are created with defaults for an account that has none yet", async () => {
    const { id, caller } = await registeredUser();
    await db().userSettings.delete({ where: { user_id: id } });
    await expect(caller.settings.get()).resolves.toEqual(DEFAULTS);
    await db().userSettings.delete({ where: { user_id: id } });
    await expect(caller.settings.update({ email_notifications: false })).resolves.toMatchObject({ email_notifications: false });
  });

  it("share the goal written by the onboarding goal step", async () => {
    const { caller } = await registeredUser();
    await caller.profile.updateSlug({ slug: `goal_${Date.now().toString(36)}` });
    await caller.profile.updateMe({ user_goal: "creator" });
    await expect(caller.settings.get()).resolves.toMatchObject({ profile_goal: "creator" });
  });

  it("refuse unknown fields, wrong types and goals", async () => {
    const { caller } = await registeredUser();
    for (const input of [{ unknown: true }, { email_notifications: "yes" }, { profile_goal: "astronaut" }]) {
      const error = await rejection(caller.settings.update(input as never));
      expect(error.code).toBe("BAD_REQUEST");
    }
    const goal = await rejection(caller.settings.update({ profile_goal: "astronaut" as never }));
    expect(fieldErrorsOf(goal.cause)).toEqual({ profile_goal: ["Please select a goal"] });
  });

  it("keep two_factor_enabled read-only: sent back as it was read, it is accepted and changes nothing", async () => {
    const { caller } = await registeredUser();
    await expect(caller.settings.update({ two_factor_enabled: true, monthly_report: false })).resolves.toMatchObject({
      two_factor_enabled: false,
      monthly_report: false,
    });
    const error = await rejection(caller.settings.update({ two_factor_enabled: "yes" as never }));
    expect(error.code).toBe("BAD_REQUEST");
  });

  it("belong to the signed-in account only", async () => {
    const first = await registeredUser();
    const second = await registeredUser();
    await first.caller.settings.update({ email_notifications: false });
    await expect(second.caller.settings.get()).resolves.toMatchObject({ email_notifications: true });
    expect((await rejection(callerFor(null).settings.get())).code).toBe("UNAUTHORIZED");
    expect((await rejection(callerFor(null).settings.update({ monthly_report: false }))).code).toBe("UNAUTHORIZED");
  });

  it("answer unauthorised for an account deleted while its token lives", async () => {
    const { id, caller } = await registeredUser();
    await db().user.delete({ where: { id } });
    expect((await rejection(caller.settings.get())).code).toBe("UNAUTHORIZED");
  });
});
