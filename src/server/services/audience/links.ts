import { appLink } from "../mail/layout";
import { unsubscribeToken } from "./tokens";

/** Where the subscription pages live (served by src/server/public-page/subscription-pages.ts). */
export const CONFIRM_PATH = "/subscription/confirm";
export const UNSUBSCRIBE_PATH = "/subscription/unsubscribe";

export const confirmUrl = (token: string) => appLink(CONFIRM_PATH, { token });
export const unsubscribeUrl = (subscriberId: string) => appLink(UNSUBSCRIBE_PATH, { token: unsubscribeToken(subscriberId) });

/** RFC 8058 one-click unsubscribe headers: mail clients POST to the same address the page's button does. */
export function unsubscribeHeaders(subscriberId: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl(subscriberId)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
