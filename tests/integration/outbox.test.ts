import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, db } from "@/server/db/client";
import { applyMigrations } from "@/server/db/migrate";
import { renderMessage } from "@/server/services/mail/layout";
import { passwordResetMessage } from "@/server/services/mail/messages";
import { deliverDue, enqueueMail, MAX_ATTEMPTS } from "@/server/services/mail/outbox";
import { fileTransport } from "@/server/services/mail/transport";
import { uniqueEmail } from "./helpers";
import { drainOutbox, startSmtpCapture } from "./mail-capture";

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

describe("the outbox", () => {
  it("keeps a message while the SMTP server refuses it and sends it once the server recovers", async () => {
    const to = uniqueEmail("outbox-failing");
    await enqueueMail(db(), { to, ...passwordResetMessage("token-123") });
    smtp.state.failing = true;
    await drainOutbox(smtp.transport(), to);
    const waiting = await db().outboxMessage.findFirstOrThrow({ where: { to } });
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting.last_error).toContain("451");
    expect(waiting.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is retried before its back-off.
    smtp.state.failing = false;
    await drainOutbox(smtp.transport(), to);
    expect(smtp.received.filter((mail) => mail.to === to)).toHaveLength(0);

    await drainOutbox(smtp.transport(), to, new Date(waiting.next_attempt_at.getTime() + 1));
    const sent = await db().outboxMessage.findFirstOrThrow({ where: { to } });
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    const [mail] = smtp.received.filter((item) => item.to === to);
    expect(mail?.parsed.subject).toBe("Reset your Linkbio password");
    expect(mail?.parsed.text).toContain("http://localhost:3000/reset-password?token=token-123");
    expect(mail?.parsed.html).toContain("Linkbio");
    expect(mail?.parsed.html).toContain('href="http://localhost:3000/reset-password?token=token-123"');
  });

  it("gives up after the last attempt", async () => {
    const to = uniqueEmail("outbox-give-up");
    await enqueueMail(db(), { to, ...renderMessage({ subject: "Never arrives", paragraphs: ["x"] }) });
    await db().outboxMessage.updateMany({ where: { to }, data: { attempts: MAX_ATTEMPTS - 1 } });
    smtp.state.failing = true;
    try {
      await drainOutbox(smtp.transport(), to);
    } finally {
      smtp.state.failing = false;
    }
    expect(await db().outboxMessage.findFirstOrThrow({ where: { to } })).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("carries the List-Unsubscribe headers over SMTP and queues a keyed message only once", async () => {
    const to = uniqueEmail("outbox-headers");
    const message = { to, ...renderMessage({ subject: "Keyed", paragraphs: ["once"] }), dedupe_key: `test:${to}` };
    const headers = {
      "List-Unsubscribe": "<http://localhost:3000/api/unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    expect(await enqueueMail(db(), { ...message, headers })).toBe(true);
    expect(await enqueueMail(db(), { ...message, headers })).toBe(false);
    await drainOutbox(smtp.transport(), to);
    const received = smtp.received.filter((mail) => mail.to === to);
    expect(received).toHaveLength(1);
    expect(received[0]!.raw).toContain("List-Unsubscribe: <http://localhost:3000/api/unsubscribe?token=t>");
    expect(received[0]!.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("loses nothing queued across a restart of the embedded database", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-restart-"));
    const to = uniqueEmail("outbox-restart");
    try {
      const first = createDatabase({ pglitePath: path.join(folder, "pglite") });
      await applyMigrations(first.sql);
      await enqueueMail(first.prisma, { to, ...passwordResetMessage("after-restart") });
      await first.close();

      const second = createDatabase({ pglitePath: path.join(folder, "pglite") });
      expect(await deliverDue(second.prisma, smtp.transport())).toEqual({ claimed: 1, sent: 1 });
      expect(await second.prisma.outboxMessage.findFirstOrThrow({ where: { to } })).toMatchObject({ status: "sent" });
      await second.close();
      expect(smtp.received.some((mail) => mail.to === to)).toBe(true);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("without SMTP_URL writes each message as an .eml file and prints its links", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-files-"));
    const lines: string[] = [];
    try {
      const transport = fileTransport(folder, (line) => lines.push(line));
      const message = passwordResetMessage("file-token");
      await transport.send({ id: "m1", to: "someone@example.com", headers: {}, ...message });
      const [file] = fs.readdirSync(folder);
      expect(file).toMatch(/-m1\.eml$/);
      const eml = fs.readFileSync(path.join(folder, file!), "utf8");
      expect(eml).toContain("Subject: Reset your Linkbio password");
      expect(eml).toContain("To: someone@example.com");
      // Each link on a line of its own, labelled, as the log shows it.
      expect(lines).toContain("Outbox link: http://localhost:3000/reset-password?token=file-token");
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
