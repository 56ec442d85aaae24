import { isIP, type LookupFunction } from "node:net";
import { Agent, request } from "undici";
import { SafeFetchError } from "./errors";
import { resolveCheckedAddress } from "./resolve";

export { SafeFetchError };

/** Each caller (imports, thumbnails, webhooks, embeds) states its own rules; these are the import's. */
export interface SafeFetchOptions {
  /** Redirects followed, each re-checked as a new request; 0 refuses any (webhooks). */
  maxRedirects?: number;
  /** For the whole exchange: every hop, and the body. */
  timeoutMs?: number;
  /** The body is cut off, and the fetch refused, past this many bytes. */
  maxBytes?: number;
  /** `host:port` entries matched literally against the URL's host and port: these may be private. */
  allowedPrivateHosts?: readonly string[];
  /** DNS servers to ask (`ip` or `ip:port`); the system's resolver when absent. */
  dnsServers?: readonly string[];
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface SafeFetchResult {
  /** The address finally answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

export const FETCH_DEFAULTS = { maxRedirects: 3, timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 } as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError("invalid_url", "This is not a web address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new SafeFetchError("scheme", "Only http and https addresses can be fetched");
  if (url.username || url.password) throw new SafeFetchError("invalid_url", "Addresses with a user name or password are not fetched");
  return url;
}

const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/** A connector for one hop: its lookup hands the socket the address already checked, whatever DNS says later. */
function pinnedAgent(url: URL, options: SafeFetchOptions, timeoutMs: number) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const allowed = (options.allowedPrivateHosts ?? []).includes(`${host.toLowerCase()}:${portOf(url)}`);
  const checked = resolveCheckedAddress(host, { allowed, dnsServers: options.dnsServers, timeoutMs });
  checked.catch(() => undefined); // awaited below; a refusal must not also surface as unhandled
  // Address literals never reach a lookup function, so the check must have passed before connecting.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    checked.then(
      ({ address, family }) => {
        if ((lookupOptions as { all?: boolean }).all)
          (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
  return { checked, agent: new Agent({ connect: { lookup, timeout: timeoutMs }, connections: 1 }), literal: isIP(host) !== 0 };
}

type Body = AsyncIterable<Buffer> & { destroy(): void; on(event: "error", listener: () => void): unknown };

/** Drops a body not read to its end; undici reports the abort as an error nobody else would hear. */
function discard(body: Body): void {
  body.on("error", () => undefined);
  body.destroy();
}

async function readLimited(body: Body, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      discard(body);
      throw new SafeFetchError("too_large", `The answer is larger than ${Math.round(maxBytes / 1024)} KB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches someone else's URL under the rules of docs/creators.md#fetching-other-peoples-addresses: http(s)
 * only, public addresses only (checked after DNS and on every redirect, then connected to as checked),
 * few redirects, a deadline and a size limit. Anything else throws SafeFetchError.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const timeoutMs = options.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  let url = parseTarget(rawUrl);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const deadlinePassed = new Promise<void>((resolve) => deadline.signal.addEventListener("abort", () => resolve(), { once: true }));
  let method = options.method ?? "GET";
  let body = options.body;
  try {
    for (let hop = 0; ; hop++) {
      const { checked, agent, literal } = pinnedAgent(url, options, timeoutMs);
      try {
        if (literal) await checked;
        const response = await request(url, {
          dispatcher: agent,
          method,
          body,
          signal: deadline.signal,
          headers: { "user-agent": "Linkbio (+import)", accept: "*/*", ...options.headers },
        }).catch(async (error: unknown) => {
          // A refused address is the reason, whatever undici made of it; past the deadline, a slow lookup is not awaited.
          await Promise.race([checked, deadlinePassed]);
          throw error;
        });
        const location = response.headers.location;
        if (REDIRECTS.has(response.statusCode) && typeof location === "string") {
          discard(response.body);
          if (hop >= maxRedirects) throw new SafeFetchError("too_many_redirects", `More than ${maxRedirects} redirects`);
          url = parseTarget(new URL(location, url).href);
          if (response.statusCode === 303 || (method === "POST" && response.statusCode !== 307 && response.statusCode !== 308)) {
            method = "GET";
            body = undefined;
          }
          continue;
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > maxBytes) {
          discard(response.body);
          throw new SafeFetchError("too_large", `The answer is larger than ${Math.round(maxBytes / 1024)} KB`);
        }
        const bytes = await readLimited(response.body, maxBytes);
        if (response.statusCode < 200 || response.statusCode > 299) {
          throw new SafeFetchError("status", `The server answered ${response.statusCode}`, response.statusCode);
        }
        const contentType = response.headers["content-type"];
        return { url: url.href, status: response.statusCode, contentType: typeof contentType === "string" ? contentType : "", body: bytes };
      } finally {
        void agent.close().catch(() => undefined);
      }
    }
  } catch (error) {
    if (error instanceof SafeFetchError) throw error;
    if (deadline.signal.aborted) throw new SafeFetchError("timeout", `No answer within ${timeoutMs / 1000} s`);
    throw new SafeFetchError("connect", "The server could not be reached");
  } finally {
    clearTimeout(timer);
  }
}
