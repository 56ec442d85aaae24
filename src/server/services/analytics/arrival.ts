// What a page view's own address says about where the visitor came from: the QR marker and the
// utm_* parameters a creator put on the link they shared. Parsed once per counted view.
import { QR_REF_PARAM, QR_REF_VALUE } from "@/lib/share/qr-marker";

export interface Utm {
  source: string;
  medium: string;
  campaign: string;
}

export const NO_UTM: Utm = { source: "", medium: "", campaign: "" };

/** The longest utm_* value kept; longer ones are cut (campaign names are short in practice). */
export const UTM_MAX_LENGTH = 100;

export interface Arrival {
  viaQrCode: boolean;
  utm: Utm;
}

const utmValue = (params: URLSearchParams, name: string) => (params.get(name) ?? "").trim().slice(0, UTM_MAX_LENGTH);

/** Reads the query string of a public page request (without the "?"). */
export function arrivalOf(search: string): Arrival {
  if (search === "") return { viaQrCode: false, utm: NO_UTM };
  const params = new URLSearchParams(search);
  const utm = {
    source: utmValue(params, "utm_source"),
    medium: utmValue(params, "utm_medium"),
    campaign: utmValue(params, "utm_campaign"),
  };
  return { viaQrCode: params.get(QR_REF_PARAM) === QR_REF_VALUE, utm: utm.source || utm.medium || utm.campaign ? utm : NO_UTM };
}

/** The utm_* of a page address (the click beacon sends the page's own address). */
export function utmOfPage(address: string | null): Utm {
  const query = address?.indexOf("?") ?? -1;
  if (!address || query < 0) return NO_UTM;
  return arrivalOf(address.slice(query + 1).split("#")[0]!).utm;
}
