import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { env } from "@/server/config/env";
import { scrub } from "./scrub";

export type { Logger };

/** Fields that hold secrets wherever they appear in a logged object (one and two levels deep). */
export const REDACTED_PATHS = [
  "password",
  "token",
  "secret",
  "cookie",
  "authorization",
  "ip",
  "*.password",
  "*.token",
  "*.secret",
  "*.cookie",
  "*.authorization",
  "*.ip",
  "*.headers.cookie",
  "*.headers.authorization",
  "*.headers['x-forwarded-for']",
];

/** A field that marks the outbox's own lines: they print a message's links on purpose (no SMTP_URL, so nobody else can follow them). */
export const OUTBOX_LINK = "outboxLink";

function scrubbedError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (typeof serialized.message === "string") serialized.message = scrub(serialized.message);
  if (typeof serialized.stack === "string") serialized.stack = scrub(serialized.stack);
  return serialized;
}

export interface LoggerSettings {
  level: string;
  pretty: boolean;
}

function settingsFromEnv(): LoggerSettings {
  return { level: env.LOG_LEVEL, pretty: env.LOG_FORMAT ? env.LOG_FORMAT === "pretty" : env.NODE_ENV === "development" };
}

/** JSON lines (time, level, message and fields) or readable lines, with secrets redacted by field and scrubbed from text. */
export function createLogger(settings: LoggerSettings = settingsFromEnv(), destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: scrubbedError, error: scrubbedError },
    hooks: {
      logMethod(args: unknown[], method) {
        const fields = args[0];
        const outboxLine = typeof fields === "object" && fields !== null && OUTBOX_LINK in fields;
        if (!outboxLine) for (let i = 0; i < args.length; i += 1) if (typeof args[i] === "string") args[i] = scrub(args[i] as string);
        method.apply(this, args as Parameters<typeof method>);
      },
    },
  };
  if (destination) return pino(options, destination);
  if (settings.pretty) {
    return pino(options, pretty({ sync: true, colorize: process.stdout.isTTY, translateTime: "SYS:HH:MM:ss.l", ignore: OUTBOX_LINK }));
  }
  return pino(options, pino.destination({ dest: 1, sync: true }));
}

// One logger per thread, shared by every module copy in it (Next's bundle holds several).
const slot = globalThis as unknown as { __linkbioLogger?: Logger };

/** The process's logger; `npm start` writes JSON lines, `npm run dev` (or LOG_FORMAT=pretty) readable ones. */
export function log(): Logger {
  slot.__linkbioLogger ??= createLogger();
  return slot.__linkbioLogger;
}

const requestLines = new WeakMap<Logger, Logger>();

/**
 * The request lines' own logger: the process logger's level and destination, without its redaction
 * and scrubbing, since a request line holds only a method, a route pattern, a status, a duration and
 * an id (redacting them took 8 µs of a click's 178 in a CPU profile of `npm run bench:clicks -- --database postgres`).
 */
export function requestLineLog(): Logger {
  const parent = log();
  let lines = requestLines.get(parent);
  if (!lines) {
    lines = pino(
      {
        level: parent.level,
        base: undefined,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      (parent as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym],
    );
    requestLines.set(parent, lines);
  }
  return lines;
}

/** Replaces the process's logger (a test that reads the lines written). */
export function useLogger(logger: Logger): void {
  slot.__linkbioLogger = logger;
}
