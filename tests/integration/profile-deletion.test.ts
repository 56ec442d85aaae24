import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { registeredUser } from "./helpers";

describe("what a profile's deletion takes with it", () => {
  it("counts its links and names its custom domain, for its owner only", async () => {
    const owner = await registeredUser("summary");
    const profile = await owner.caller.profile.create({ display_name: "Side", slug: `side_${owner.id.slice(-6).toLowerCase()}` });
    await db().link.createMany({ data: [0, 1, 2].map((position) => ({ profile_id: profile.id, title: `L${position}`, position })) });
    await db().customDomain.create({ data: { profile_id: profile.id, domain: "links.example.org", token: "t" } });
    await expect(owner.caller.profile.deletionSummary({ id: profile.id })).resolves.toEqual({
      slug: profile.slug,
      links: 3,
      custom_domain: "links.example.org",
    });

    const stranger = await registeredUser("stranger");
    await expect(stranger.caller.profile.deletionSummary({ id: profile.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.caller.profile.deletionSummary({ id: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(stranger.caller.profile.deletionSummary({ id: profile.id, extra: 1 } as never)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
