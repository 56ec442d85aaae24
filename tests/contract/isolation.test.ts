import { beforeAll, describe, expect, it } from "vitest";
import { account, call, createLink, uniqueSlug, type Account } from "./support";

/** Every call that takes an id refuses another account's ids, as if they did not exist, and changes nothing. */

let owner: Account;
let intruder: Account;
let linkId: string;
let profileId: string;

beforeAll(async () => {
  [owner, intruder] = await Promise.all([account("victim"), account("intruder")]);
  linkId = (await createLink(owner.access, { title: "Mine" })).id;
  const second = await call("profile.create", { token: owner.access, body: { display_name: "Second", slug: uniqueSlug("second") } });
  profileId = second.body.id;
});

describe("another account's ids", () => {
  it.each([
    ["link.get", {}],
    ["link.update", { body: { title: "Stolen" } }],
    ["link.toggle", {}],
    ["link.duplicate", {}],
    ["link.delete", {}],
  ])("%s refuses another user's link", async (id, options) => {
    const answer = await call(id, { token: intruder.access, params: { id: linkId }, ...options });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ detail: "Link not found", code: "not_found" });
  });

  it("link.reorder refuses another user's link ids", async () => {
    const answer = await call("link.reorder", { token: intruder.access, body: { link_ids: [linkId] } });
    expect(answer.status).toBe(404);
  });

  it.each([
    ["profile.get", {}],
    ["profile.update", { body: { bio: "Stolen" } }],
    ["profile.switch", {}],
    ["profile.delete", {}],
  ])("%s refuses another user's profile", async (id, options) => {
    const answer = await call(id, { token: intruder.access, params: { id: profileId }, ...options });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ detail: "Profile not found", code: "not_found" });
  });

  it("left the owner's link and profiles untouched", async () => {
    const link = await call("link.get", { token: owner.access, params: { id: linkId } });
    expect(link.body).toMatchObject({ title: "Mine", is_active: true });
    expect((await call("link.list", { token: owner.access })).body.count).toBe(1);
    const profile = await call("profile.get", { token: owner.access, params: { id: profileId } });
    expect(profile.body).toMatchObject({ bio: "", is_primary: false });
    expect((await call("profile.list", { token: owner.access })).body.count).toBe(2);
    expect((await call("profile.list", { token: intruder.access })).body.count).toBe(1);
  });
});
