/**
 * A creator's domain as typed, made canonical (trimmed, lower case, no trailing dot, international
 * names in punycode) or refused with the reason (docs/product/public-page.md#custom-domains).
 * Runs the same in the browser (the form) and on the server (every input).
 */
export type DomainCheck = { domain: string } | { error: string };

export const DOMAIN_EXAMPLE = "links.example.com";
export const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LABEL = /^(?!-)[a-z0-9-]+(?<!-)$/;

export const DOMAIN_MESSAGES = {
  empty: `Enter a domain such as ${DOMAIN_EXAMPLE}.`,
  scheme: "Enter the domain without http:// or https://.",
  path: "Enter the domain only, without a path.",
  port: "Enter the domain without a port.",
  ipAddress: "Enter a domain name, not an IP address.",
  oneLabel: `Enter a full domain such as ${DOMAIN_EXAMPLE}.`,
  labelLength: `Each part of a domain can be at most ${MAX_LABEL_LENGTH} characters.`,
  length: `A domain can be at most ${MAX_DOMAIN_LENGTH} characters.`,
  invalid: `Enter a valid domain such as ${DOMAIN_EXAMPLE}.`,
} as const;

/** International labels to punycode through the WHATWG URL parser (Node and browsers alike); null when it refuses the name. */
function toAscii(name: string): string | null {
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return null;
  }
}

export function normalizeDomain(raw: string): DomainCheck {
  const typed = raw.trim().toLowerCase();
  if (!typed) return { error: DOMAIN_MESSAGES.empty };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(typed)) return { error: DOMAIN_MESSAGES.scheme };
  if (/[/?#\\]/.test(typed)) return { error: DOMAIN_MESSAGES.path };
  if (typed.startsWith("[") || typed.split(":").length > 2) return { error: DOMAIN_MESSAGES.ipAddress };
  if (typed.includes(":")) return { error: DOMAIN_MESSAGES.port };
  if (/[\s@%*]/.test(typed) || /\p{Cc}/u.test(typed)) return { error: DOMAIN_MESSAGES.invalid };
  const withoutDot = typed.endsWith(".") ? typed.slice(0, -1) : typed;
  if (!withoutDot || withoutDot.split(".").some((label) => label === "")) return { error: DOMAIN_MESSAGES.invalid };
  if (withoutDot.split(".").some((label) => [...label].length > MAX_LABEL_LENGTH)) return { error: DOMAIN_MESSAGES.labelLength };
  const domain = toAscii(withoutDot);
  if (domain === null) return { error: DOMAIN_MESSAGES.invalid };
  const labels = domain.split(".");
  // The URL parser reads 127.1 or 0x7f.0.0.1 as an address; so does any name whose last label is a number.
  if (/^\d+$/.test(labels.at(-1)!) || /^0x[0-9a-f]*$/.test(labels.at(-1)!)) return { error: DOMAIN_MESSAGES.ipAddress };
  if (labels.length < 2 || domain === "localhost" || domain.endsWith(".localhost")) return { error: DOMAIN_MESSAGES.oneLabel };
  if (labels.some((label) => label.length > MAX_LABEL_LENGTH)) return { error: DOMAIN_MESSAGES.labelLength };
  if (domain.length > MAX_DOMAIN_LENGTH) return { error: DOMAIN_MESSAGES.length };
  if (!labels.every((label) => LABEL.test(label))) return { error: DOMAIN_MESSAGES.invalid };
  return { domain };
}

/** The host of a request's Host header as a domain key: lower case, without port and trailing dot. */
export function hostOfHeader(host: string | undefined): string {
  if (!host) return "";
  const name = host.startsWith("[") ? host : host.replace(/:\d*$/, "");
  return name.toLowerCase().replace(/\.$/, "");
}
