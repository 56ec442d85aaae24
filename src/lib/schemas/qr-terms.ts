// The QR code's formats and sizes without their zod schemas, so the share panel ships no zod (schemas in share.ts).

export const QR_FORMATS = ["svg", "png"] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

/** Pixels per side of a downloaded QR code. */
export const QR_SIZE = { min: 128, max: 2048, default: 512 } as const;
export const QR_SIZE_CHOICES = [256, 512, 1024, 2048] as const;
/** The largest code answered inside JSON (the share panel's preview); larger ones are files (`/api/share/qr`). */
export const QR_JSON_MAX_SIZE = 512;
