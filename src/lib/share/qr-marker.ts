/** The query marker a QR code's address carries, so a visit through it is recorded as "QR code". */
export const QR_REF_PARAM = "ref";
export const QR_REF_VALUE = "qr";

/** The referrer a visit through a QR code is recorded and shown under (no host has a space). */
export const QR_CODE_REFERRER = "QR code";

/** The address a QR code encodes: the page address with the marker. */
export function qrTargetOf(pageAddress: string): string {
  const url = new URL(pageAddress);
  url.searchParams.set(QR_REF_PARAM, QR_REF_VALUE);
  return url.toString();
}
