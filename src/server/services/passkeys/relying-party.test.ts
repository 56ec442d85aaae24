import { describe, expect, it } from "vitest";
import { appOrigin } from "@/server/config/app-origin";
import { relyingParty } from "./relying-party";

describe("the passkeys' relying party", () => {
  it("is APP_URL: its host name is the ID and its origin the expected origin", () => {
    expect(relyingParty(appOrigin({ APP_URL: "https://links.example.com/" }))).toEqual({
      id: "links.example.com",
      origin: "https://links.example.com",
      name: "Linkbio",
    });
    expect(relyingParty(appOrigin({ APP_URL: "http://localhost:4223" }))).toMatchObject({
      id: "localhost",
      origin: "http://localhost:4223",
    });
  });
});
