import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/server/db/client";
import { loadPublicProfile } from "@/server/services/public-profile";
import { registeredUser } from "./helpers";

async function creator() {
  const user = await registeredUser("confirm");
  const profile = await user.caller.profile.updateSlug({ slug: `c_${randomUUID().slice(0, 8)}` });
  return { ...user, profile };
}

async function designOnPage(slug: string) {
  const page = await loadPublicProfile(getDatabase().sql, slug);
  if (page.status !== "ok") throw new Error(`page ${slug} is ${page.status}`);
  return page.data.design;
}

describe("Ask visitors before opening links", () => {
  it("is on by default, round-trips off and on, and reaches the public page", async () => {
    const { caller, profile } = await creator();
    expect((await caller.design.get()).ask_before_opening_links).toBe(true);
    expect((await designOnPage(profile.slug)).ask_before_opening_links).toBe(true);

    expect((await caller.design.save({ ask_before_opening_links: false })).ask_before_opening_links).toBe(false);
    expect((await caller.design.get()).ask_before_opening_links).toBe(false);
    expect((await designOnPage(profile.slug)).ask_before_opening_links).toBe(false);

    // Saving other fields keeps the choice.
    expect((await caller.design.save({ button_color: "#ff0000" })).ask_before_opening_links).toBe(false);
    expect((await caller.design.save({ ask_before_opening_links: true })).ask_before_opening_links).toBe(true);
  });

  it("survives a template, which changes the look only, and returns to on with a reset", async () => {
    const { caller } = await creator();
    await caller.design.save({ ask_before_opening_links: false, button_color: "#ff0000" });
    await caller.design.applyTemplate({ template: "dark" });
    const applied = await caller.design.get();
    expect(applied).toMatchObject({ ask_before_opening_links: false, background_color: "#0f172a", button_color: "#1e293b" });
    await caller.design.reset();
    expect((await caller.design.get()).ask_before_opening_links).toBe(true);
  });

  it("refuses a value that is not a boolean and changes nothing", async () => {
    const { caller } = await creator();
    await caller.design.save({ ask_before_opening_links: false });
    for (const value of ["false", 0, null]) {
      const error = await caller.design.save({ ask_before_opening_links: value as never }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe("BAD_REQUEST");
    }
    expect((await caller.design.get()).ask_before_opening_links).toBe(false);
  });
});
