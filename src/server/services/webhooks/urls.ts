import { env } from "@/server/config/env";
import { SafeFetchError } from "@/server/http/safe-fetch/errors";
import { resolveCheckedAddress } from "@/server/http/safe-fetch/resolve";
import { ServiceError } from "../errors";

const TIMEOUT_MS = 5_000;

/** The `host:port` entries of WEBHOOK_ALLOWED_PRIVATE_HOSTS, as safe-fetch matches them. */
export function allowedWebhookHosts(): string[] {
  return (env.WEBHOOK_ALLOWED_PRIVATE_HOSTS ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}

const refused = (message: string) => new ServiceError("BAD_REQUEST", message, { fields: { url: [message] } });

/**
 * A webhook URL as it will be called, or 400 on `url`: https on a public address (docs/api.md#webhooks),
 * http or a private address only for WEBHOOK_ALLOWED_PRIVATE_HOSTS. Every delivery checks the address again.
 */
export async function checkWebhookUrl(raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused("Enter a full address such as https://example.com/webhooks");
  }
  if (url.username || url.password) throw refused("Webhook URLs cannot hold a user name or password");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const allowed = allowedWebhookHosts().includes(`${host}:${port}`);
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) throw refused("Webhook URLs must start with https://");
  try {
    await resolveCheckedAddress(host, { allowed, timeoutMs: TIMEOUT_MS });
  } catch (error) {
    if (error instanceof SafeFetchError && error.reason === "private_address") {
      throw refused("This address is not on the public internet, so nothing is sent to it");
    }
    throw refused("This address could not be found");
  }
  return url.href;
}
