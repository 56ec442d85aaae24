import { describe, expect, it } from "vitest";
import { cleanSlugInput, SLUG_CHARACTERS_MESSAGE, slugSchema } from "./profile";

describe("slugSchema", () => {
  it("keeps hyphens and underscores, and names both in the message for any other character", () => {
    expect(slugSchema.parse("my-name_1")).toBe("my-name_1");
    const refused = slugSchema.safeParse("my.name");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(SLUG_CHARACTERS_MESSAGE);
    expect(SLUG_CHARACTERS_MESSAGE).toBe("Username can only contain letters, numbers, underscores and hyphens");
  });

  it("accepts exactly what the onboarding input keeps", () => {
    const typed = "Maya's Shop-2_b!";
    expect(slugSchema.safeParse(cleanSlugInput(typed)).success).toBe(true);
    expect(cleanSlugInput(typed)).toBe("mayasshop-2_b");
  });
});
