import { appOrigin } from "@/server/config/app-origin";

/** The relying party is this app's public origin (APP_URL); its ID is that origin's host name. */
export function relyingParty(origin = appOrigin()): { id: string; origin: string; name: string } {
  return { id: new URL(origin).hostname, origin, name: "Linkbio" };
}
