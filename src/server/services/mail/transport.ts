import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { appOrigin } from "@/server/config/app-origin";
import { env } from "@/server/config/env";
import { log, OUTBOX_LINK } from "@/server/logging/logger";

/** One message as the outbox hands it to a transport. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function nodemailerMessage(mail: OutgoingMail) {
  return { from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers };
}

export function smtpTransport(url: string): MailTransport {
  // Short timeouts: a stalled server costs the worker a retry, never a request.
  const transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    send: async (mail) => {
      await transporter.sendMail(nodemailerMessage(mail));
    },
    close: () => transporter.close(),
  };
}

/** The links a message carries, for the log of the embedded default (so a newcomer can follow every flow). */
function linksIn(text: string): string[] {
  const origin = appOrigin();
  return [...new Set(text.match(/https?:\/\/[^\s)]+/g) ?? [])].filter((url) => url.startsWith(origin));
}

/** The outbox's lines: labelled, and exempt from the scrubbing of tokens (printing the links is their purpose). */
function outboxLine(line: string): void {
  log().info({ [OUTBOX_LINK]: true }, line);
}

/**
 * Without SMTP_URL: each message becomes DATA_DIR/outbox/<time>-<id>.eml, and its links go to the
 * log as lines labelled "Outbox link:".
 */
export function fileTransport(directory: string, print: (line: string) => void = outboxLine): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const { message } = (await transporter.sendMail(nodemailerMessage(mail))) as { message: Buffer };
      await fs.mkdir(directory, { recursive: true });
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`);
      await fs.writeFile(file, message);
      print(`Outbox mail to ${mail.to}: "${mail.subject}" (${file})`);
      for (const link of linksIn(mail.text)) print(`Outbox link: ${link}`);
    },
    close: () => transporter.close(),
  };
}

export function outboxDirectory(): string {
  return path.join(path.resolve(env.DATA_DIR), "outbox");
}

export function configuredTransport(): MailTransport {
  return env.SMTP_URL ? smtpTransport(env.SMTP_URL) : fileTransport(outboxDirectory());
}
