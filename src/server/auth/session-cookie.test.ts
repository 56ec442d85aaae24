import { describe, expect, it } from "vitest";
import { hasSessionCookie, sessionCookieFrom } from "./session-cookie";

describe("session cookie", () => {
  it("is read under the plain and the __Secure- name", () => {
    expect(sessionCookieFrom("a=1; next-auth.session-token=plain%3D; b=2", false)).toBe("plain=");
    expect(sessionCookieFrom("__Secure-next-auth.session-token=secure", false)).toBe("secure");
    expect(hasSessionCookie("x=1; __Secure-next-auth.session-token=secure")).toBe(true);
  });

  it("is absent when only look-alike or broken cookies are sent", () => {
    expect(sessionCookieFrom("next-auth.session-token-old=x; next-auth.csrf-token=y", false)).toBeUndefined();
    expect(sessionCookieFrom("next-auth.session-token=%E0%A4%A", false)).toBeUndefined();
    expect(hasSessionCookie("next-auth.csrf-token=y")).toBe(false);
    expect(sessionCookieFrom(undefined, false)).toBeUndefined();
  });

  it("over https counts only under the __Secure- name", () => {
    expect(sessionCookieFrom("next-auth.session-token=planted", true)).toBeUndefined();
    expect(sessionCookieFrom("next-auth.session-token=planted; __Secure-next-auth.session-token=real", true)).toBe("real");
  });
});
