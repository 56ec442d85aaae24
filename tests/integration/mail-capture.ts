import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { db } from "@/server/db/client";
import { deliverDue } from "@/server/services/mail/outbox";
import { smtpTransport, type MailTransport } from "@/server/services/mail/transport";

export interface CapturedMail {
  to: string;
  parsed: ParsedMail;
  raw: string;
}

/** An SMTP server in this process on an ephemeral port; `failing` makes it refuse every message. */
export async function startSmtpCapture() {
  const received: CapturedMail[] = [];
  const state = { failing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.failing) return callback(Object.assign(new Error("Mailbox unavailable, try later"), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString("utf8");
        void simpleParser(raw).then((parsed) => {
          for (const recipient of session.envelope.rcptTo) received.push({ to: recipient.address, parsed, raw });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    transport: (): MailTransport => smtpTransport(`smtp://127.0.0.1:${port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sends this recipient's due mail through the transport, as the worker would, and returns how many went. */
export async function drainOutbox(transport: MailTransport, to: string, now?: Date): Promise<number> {
  let total = 0;
  for (let batch = await deliverDue(db(), transport, now, [to]); batch.claimed > 0; batch = await deliverDue(db(), transport, now, [to]))
    total += batch.sent;
  return total;
}

/** The first link in a message's text that opens `path`. */
export function linkIn(mail: CapturedMail, path: string): URL {
  const found = (mail.parsed.text ?? "").match(/https?:\/\/[^\s)]+/g)?.find((url) => new URL(url).pathname === path);
  if (!found) throw new Error(`No ${path} link in "${mail.parsed.subject}"`);
  return new URL(found);
}

/** Messages queued for an address, oldest first (read from the outbox, whoever sends them). */
export function queuedFor(email: string) {
  return db().outboxMessage.findMany({ where: { to: email.toLowerCase() }, orderBy: { created_at: "asc" } });
}

/** The token of the newest queued message's link to `path`. */
export async function tokenFromLatest(email: string, path: string): Promise<string> {
  const messages = await queuedFor(email);
  const text = messages.at(-1)?.text ?? "";
  const found = text.match(/https?:\/\/[^\s)]+/g)?.find((url) => new URL(url).pathname === path);
  if (!found) throw new Error(`No ${path} link queued for ${email}`);
  return new URL(found).searchParams.get("token")!;
}
