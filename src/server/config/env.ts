import { createEnv } from "@t3-oss/env-nextjs";
import { isIP, isIPv4, isIPv6 } from "node:net";
import { z } from "zod";

const flag = z
  .enum(["1", "true", "0", "false"], { error: 'use "1" (or "true") to turn it on, "0" (or "false") or unset to leave it off' })
  .transform((value) => value === "1" || value === "true");

/** One DNS server as Node's resolver takes it: an address, `ipv4:port` or `[ipv6]:port`. */
function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(entry);
  if (bracketed) return isIPv6(bracketed[1]!) && Number(bracketed[2]) <= 65_535;
  const withPort = /^([^:]+):(\d{1,5})$/.exec(entry);
  if (withPort) return isIPv4(withPort[1]!) && Number(withPort[2]) <= 65_535;
  return isIP(entry) !== 0;
}

const positiveInteger = z.coerce.number({ error: "must be a number" }).int("must be a whole number").positive("must be above 0");
// The safe fetcher's allow-lists: private services a deployment names, matched literally.
const hostPortList = z
  .string()
  .trim()
  .refine(
    (value) => value.split(",").every((entry) => /^[^\s:,]+:\d{1,5}$/.test(entry.trim())),
    "must be comma-separated host:port entries",
  )
  .optional();

/**
 * Every environment variable the app reads, with its type, default and meaning. The table in
 * docs/configuration.md lists the same names (src/server/config/env.test.ts keeps the two in step).
 */
export const variables = {
  NODE_ENV: z.string().optional().describe("production under `npm start`; development under `npm run dev`."),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65_535).default(3000).describe("HTTP port."),
  HOST: z.string().optional().describe("Address to listen on; all interfaces when unset."),
  DATA_DIR: z.string().default(".data").describe("Embedded database and generated secrets."),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// connection string")
    .optional()
    .describe("PostgreSQL connection string; when unset the embedded database is used."),
  AUTH_SECRET: z.string().optional().describe("Signs session cookies and API access tokens; generated into DATA_DIR when unset."),
  APP_URL: z.string().optional().describe("Public origin every absolute URL starts with (checked by checkAppUrl at start)."),
  NEXTAUTH_URL: z.string().optional().describe("next-auth's own origin setting; set from APP_URL when unset."),
  TRUST_PROXY: flag.default(false).describe("Trust the last X-Forwarded-For entry and X-Forwarded-Proto from a reverse proxy."),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// address")
    .optional()
    .describe("Redis shared by every instance for the abuse limits and the log-in throttle."),
  RATE_LIMIT_PASSWORD_PER_MINUTE: positiveInteger.optional().describe("Log-ins and sign-ups per client address per minute (default 20)."),
  RATE_LIMIT_SLUG_CHECKS_PER_MINUTE: positiveInteger
    .optional()
    .describe("Username availability checks per client address per minute (default 120)."),
  RATE_LIMIT_CLICKS_PER_MINUTE: positiveInteger.optional().describe("Click beacons per client address per minute (default 600)."),
  RATE_LIMIT_API_TOKEN_PER_MINUTE: positiveInteger.optional().describe("REST calls per API token per minute (default 600)."),
  RATE_LIMIT_COSTLY_PER_MINUTE: positiveInteger
    .optional()
    .describe(
      "QR codes, share images, unknown paths and token refreshes without sign-in, each per client address per minute (default 120).",
    ),
  RATE_LIMIT_PREFIX: z.string().trim().default("linkbio").describe("Prefix of the Redis keys."),
  GOOGLE_CLIENT_ID: z.string().optional().describe("Google OAuth client id; also the audience of Google ID tokens."),
  GOOGLE_CLIENT_SECRET: z.string().optional().describe("Google OAuth client secret."),
  GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs").describe("Key set that verifies Google ID tokens."),
  CORS_ORIGINS: z.string().optional().describe('Comma-separated origins allowed to call the REST API from a browser ("*" for any).'),
  COUNTRY_HEADER: z.string().trim().toLowerCase().optional().describe("Header from a trusted proxy carrying the visitor's ISO country."),
  ANALYTICS_WRITERS: positiveInteger.default(1).describe("Analytics batches written at once on PostgreSQL."),
  ANALYTICS_MAX_BATCH: positiveInteger.default(500).describe("Most events per analytics batch."),
  ANALYTICS_RETENTION_MONTHS: positiveInteger
    .default(13)
    .describe("Months of raw analytics events kept (whole UTC months before the current one); daily rollups are kept for ever."),
  ANALYTICS_CACHE_MB: positiveInteger
    .default(256)
    .describe("Memory for Insights' in-process cache of raw events (filtered answers); least recently used profiles are let go."),
  ANALYTICS_DEBUG: z.string().optional().transform(Boolean).describe("Logs analytics batches that fail and are retried."),
  DOMAIN_DNS_SERVERS: z
    .string()
    .trim()
    .refine(
      (value) => value.split(",").every((entry) => isDnsServer(entry.trim())),
      "must be comma-separated ip or ip:port entries ([ip]:port for IPv6)",
    )
    .optional()
    .describe("DNS servers asked for custom domains' TXT records instead of the system's (comma-separated ip or ip:port)."),
  IMPORT_ALLOWED_PRIVATE_HOSTS: hostPortList.describe(
    "host:port entries (matched literally) that imports may fetch although they are private, e.g. a test's local server.",
  ),
  OEMBED_YOUTUBE_URL: z
    .url()
    .default("https://www.youtube.com/oembed")
    .describe("YouTube's oEmbed endpoint: a player link's title and picture."),
  OEMBED_VIMEO_URL: z
    .url()
    .default("https://vimeo.com/api/oembed.json")
    .describe("Vimeo's oEmbed endpoint: a player link's title and picture."),
  OEMBED_SPOTIFY_URL: z
    .url()
    .default("https://open.spotify.com/oembed")
    .describe("Spotify's oEmbed endpoint: a player link's title and picture."),
  OEMBED_SOUNDCLOUD_URL: z
    .url()
    .default("https://soundcloud.com/oembed")
    .describe("SoundCloud's oEmbed endpoint: a player link's title and picture."),
  EMBED_ALLOWED_PRIVATE_HOSTS: hostPortList.describe(
    "host:port entries (matched literally) that player links' oEmbed and picture fetches may reach although they are private, e.g. a test's local server.",
  ),
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: hostPortList.describe(
    "host:port entries (matched literally) webhooks may deliver to over http and although they are private.",
  ),
  RATE_LIMIT_IMPORTS_PER_HOUR: positiveInteger
    .default(30)
    .describe("Imports that fetch from the web (Linktree pages and their images) per account, and per client address, per hour."),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// address")
    .optional()
    .describe("Mail server (smtp://user:pass@host:587); unset writes each message to DATA_DIR/outbox/ as an .eml file."),
  MAIL_FROM: z.string().trim().default("Linkbio <no-reply@localhost>").describe("Sender of every message."),
  RATE_LIMIT_RESETS_PER_HOUR: positiveInteger
    .default(5)
    .describe("Password-reset requests per email address per hour (and five times as many per client address)."),
  SUDO_MODE_SECONDS: positiveInteger
    .default(300)
    .describe("How long a proof of identity (a sign-in, or the password, a code or a passkey asked again) lets sensitive changes through."),
  RATE_LIMIT_SIGNUPS_PER_HOUR: positiveInteger
    .default(10)
    .describe("Email sign-ups on public pages per client address per hour (twenty times as many per page)."),
  RATE_LIMIT_MAILS_PER_HOUR: positiveInteger
    .default(5)
    .describe(
      "Verification and change-of-address mails per account and per recipient address per hour (five times as many per client address).",
    ),
  JOBS_ENABLED: flag.default(true).describe("Run the periodic jobs (digests, monthly reports) in this server."),
  NEXT_DIST_DIR: z.string().default(".next").describe("Next's build folder."),
  MAX_PROFILES_PER_ACCOUNT: positiveInteger.default(10).describe("Most profiles (pages) one account may hold."),
  APP_NAME: z.string().trim().min(1).max(60).default("Linkbio").describe("Name authenticator apps show as the issuer of a sign-in code."),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "use fatal, error, warn, info, debug, trace or silent" })
    .default("info")
    .describe("Least severe log level written."),
  LOG_FORMAT: z
    .enum(["json", "pretty"], { error: "use json or pretty" })
    .optional()
    .describe("json (one JSON object a line) or pretty (readable lines); pretty under `npm run dev`, json otherwise."),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, "must be at least 16 characters")
    .optional()
    .describe("Bearer token that GET /metrics requires; unset (and no METRICS_PORT) turns /metrics off."),
  METRICS_PORT: z.coerce
    .number({ error: "must be a port number" })
    .int()
    .min(0)
    .max(65_535)
    .optional()
    .describe("Serves /metrics (without a token) on a listener of its own at this port."),
  METRICS_HOST: z.string().trim().optional().describe("Address of the metrics listener (default 127.0.0.1)."),
  CUSTOM_DOMAIN_TARGET: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, "must be a host name such as proxy.example.com")
    .optional()
    .describe("Host name creators point their domain's CNAME at (default APP_URL's host name)."),
  CUSTOM_DOMAIN_ADDRESSES: z
    .string()
    .trim()
    .refine((value) => value.split(",").every((entry) => isIP(entry.trim()) !== 0), "must be comma-separated IPv4 or IPv6 addresses")
    .transform((value) => value.split(",").map((entry) => entry.trim()))
    .optional()
    .describe("Addresses an apex domain's A/AAAA records name (default: what the target resolves to)."),
};

export type VariableName = keyof typeof variables;
type Environment = { readonly [Name in VariableName]: z.output<(typeof variables)[Name]> };

export class EnvironmentError extends Error {}

/** A blank value means unset, as `VARIABLE= npm start` intends. */
function unlessBlank(value: string | undefined): string | undefined {
  return value?.trim() ? value : undefined;
}

/** Checks every variable at start-up, so a bad value stops the server with its name rather than failing later. */
export function validateEnvironment(source: Readonly<Record<string, string | undefined>> = process.env): Environment {
  const runtimeEnv = {} as Record<VariableName, string | undefined>;
  for (const name of Object.keys(variables) as VariableName[]) runtimeEnv[name] = unlessBlank(source[name]);
  return createEnv({
    server: variables,
    client: {},
    runtimeEnv,
    onValidationError: (issues) => {
      const lines = issues.map((issue) => `${issue.path?.map(String).join(".") ?? "environment"}: ${issue.message}`);
      throw new EnvironmentError(`Invalid environment variable${lines.length > 1 ? "s" : ""}:\n    ${lines.join("\n    ")}`);
    },
  }) as Environment;
}

interface Parsed {
  raw: string | undefined;
  value: unknown;
}
const lastParsed = new Map<VariableName, Parsed>();

/** One variable, parsed on each read (tests change them at run time), re-parsed only when its text changed. */
function read<Name extends VariableName>(name: Name): Environment[Name] {
  if (typeof window !== "undefined") throw new Error(`${name} is a server setting and cannot be read in the browser.`);
  const raw = unlessBlank(process.env[name]);
  const cached = lastParsed.get(name);
  if (cached && cached.raw === raw) return cached.value as Environment[Name];
  const result = variables[name].safeParse(raw);
  if (!result.success) throw new EnvironmentError(`${name}: ${result.error.issues[0]?.message ?? "invalid value"}`);
  lastParsed.set(name, { raw, value: result.data });
  return result.data as Environment[Name];
}

/** Writes a variable that libraries read themselves (next-auth) or that start-up generates (secrets). */
export function setVariable(name: "AUTH_SECRET" | "NEXTAUTH_SECRET" | "NEXTAUTH_URL", value: string): void {
  process.env[name] = value;
}

const settings = Object.defineProperties(
  {},
  Object.fromEntries(Object.keys(variables).map((name) => [name, { enumerable: true, get: () => read(name as VariableName) }])),
) as Environment;

/** Runtime settings by variable name, plus the few rules derived from them. */
export const env = Object.defineProperties(settings, {
  authSecret: {
    get(): string {
      const secret = settings.AUTH_SECRET;
      if (!secret) throw new Error("AUTH_SECRET is not set; start the app with `npm start`.");
      return secret;
    },
  },
  googleClientId: { get: () => settings.GOOGLE_CLIENT_ID },
  googleClientSecret: { get: () => settings.GOOGLE_CLIENT_SECRET },
  googleJwksUrl: { get: () => settings.GOOGLE_JWKS_URL },
  googleSignInConfigured: { get: () => Boolean(settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET) },
}) as Environment & {
  readonly authSecret: string;
  readonly googleClientId: string | undefined;
  readonly googleClientSecret: string | undefined;
  readonly googleJwksUrl: string;
  readonly googleSignInConfigured: boolean;
};
