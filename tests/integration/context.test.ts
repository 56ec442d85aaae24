import { describe, expect, it } from "vitest";
import { createContext } from "@/server/api/context";
import { db } from "@/server/db/client";
import { signInDevice, startSession } from "@/server/services/auth/sessions";
import { signAccessToken } from "@/server/services/auth/tokens";
import { registeredUser } from "./helpers";

const apiSession = (userId: string) => startSession(db(), userId, "api", signInDevice(new Headers(), null));

function bearer(token: string) {
  return new Headers({ authorization: `Bearer ${token}` });
}

describe("request context", () => {
  it("resolves the user from a valid Bearer access token", async () => {
    const { id } = await registeredUser();
    const context = await createContext({ headers: bearer(await signAccessToken(id, await apiSession(id))) });
    expect(context.userId).toBe(id);
  });

  it("treats an expired or forged token as anonymous", async () => {
    const { id } = await registeredUser();
    const sessionId = await apiSession(id);
    const expired = await signAccessToken(id, sessionId, new Date(Date.now() - 60 * 60_000));
    expect((await createContext({ headers: bearer(expired) })).userId).toBeNull();
    const forged = `${(await signAccessToken(id, sessionId)).slice(0, -4)}AAAA`;
    expect((await createContext({ headers: bearer(forged) })).userId).toBeNull();
  });
});
