import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, OUTBOX_LINK } from "./logger";

function capture() {
  const written: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ level: "info", pretty: false }, destination), text: () => written.join("") };
}

const SECRETS = {
  password: "correct horse battery staple",
  token: "eyJhbGciOiJIUzI1NiJ9.payload.signature",
  cookie: "next-auth.session-token=eyJhbGciOiJkaXIi.sessionvalue",
  emailToken: "9f2c1e7ab34d4c1f8e0d",
  clientV4: "203.0.113.77",
  clientV6: "2001:db8:85a3:8d3:1319:8a2e:370:7348",
};

describe("what a log line never carries", () => {
  it("redacts secret fields wherever they sit in a logged object", () => {
    const { logger, text } = capture();
    logger.info(
      {
        password: SECRETS.password,
        token: SECRETS.token,
        ip: SECRETS.clientV4,
        user: { password: SECRETS.password, token: SECRETS.token },
        request: { headers: { cookie: SECRETS.cookie, authorization: `Bearer ${SECRETS.token}`, "x-forwarded-for": SECRETS.clientV4 } },
      },
      "signed in",
    );
    const line = text();
    for (const secret of [SECRETS.password, SECRETS.token, SECRETS.cookie, SECRETS.clientV4]) expect(line).not.toContain(secret);
    expect(line).toContain("[redacted]");
  });

  it("scrubs tokens, credentials and full client addresses out of messages and errors", () => {
    const { logger, text } = capture();
    logger.warn(`Reset link http://localhost:3000/reset-password?token=${SECRETS.emailToken} opened from ${SECRETS.clientV4}`);
    logger.warn(`Verify http://localhost:3000/verify-email?code=${SECRETS.emailToken}&x=1 from ${SECRETS.clientV6}`);
    logger.error({ err: new Error(`Upstream refused Authorization: Bearer ${SECRETS.token} (${SECRETS.cookie})`) }, "REST call failed");
    const lines = text();
    for (const secret of [SECRETS.emailToken, SECRETS.clientV4, SECRETS.clientV6, SECRETS.token, "sessionvalue"])
      expect(lines).not.toContain(secret);
    // The network stays readable; the client does not.
    expect(lines).toContain("203.0.113.x");
    expect(lines).toContain("token=[redacted]");
  });

  it("writes JSON lines with time, level and message", () => {
    const { logger, text } = capture();
    logger.info({ requestId: "r1" }, "Ready");
    const line = JSON.parse(text().trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: "info", msg: "Ready", requestId: "r1" });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  });

  it("leaves the outbox's labelled link lines as they are (printing the links is what they are for)", () => {
    const { logger, text } = capture();
    logger.info({ [OUTBOX_LINK]: true }, `Outbox link: http://localhost:3000/reset-password?token=${SECRETS.emailToken}`);
    expect(text()).toContain(`Outbox link: http://localhost:3000/reset-password?token=${SECRETS.emailToken}`);
  });
});
