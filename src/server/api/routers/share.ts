import { z } from "zod";
import { addressNoticeOutput, publicQrInput, qrImage, qrJsonOptions } from "@/lib/schemas/share";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "@/server/api/trpc";
import { pageAddressNotice } from "@/server/services/share/address-notice";
import { ownQrCode, publicQrCode } from "@/server/services/share/qr";

export const shareRouter = createTRPCRouter({
  /** GET /profiles/{slug}/qr/: a public or unlisted page's QR code, answered as the image itself over REST. */
  publicQrCode: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/profiles/{slug}/qr/",
        tag: "Profile",
        auth: "none",
        query: "QrQuery",
        summary: "A public page's QR code (SVG or PNG)",
        description:
          'The code of the page address with `?ref=qr`, so visits through it are counted under the referrer "QR code". Error correction level H. Public and unlisted pages only: 404 for a private or unknown one. Drawn once per version of the page and options; at most `RATE_LIMIT_COSTLY_PER_MINUTE` per client address per minute (429).',
        success: {
          status: 200,
          description: "The image, with a `Content-Disposition` file name.",
          media: ["image/svg+xml", "image/png"],
        },
        errors: [404, 429],
      },
    })
    .input(publicQrInput)
    .output(qrImage)
    .query(({ ctx, input }) => {
      const { slug, ...options } = input;
      return publicQrCode(ctx.db, slug, options, ctx.clientIp);
    }),

  /** The share panel's preview of the owner's current page's code, private or not; larger codes are files (/api/share/qr). */
  myQrCode: protectedProcedure
    .input(qrJsonOptions)
    .output(qrImage)
    .query(({ ctx, input }) => ownQrCode(ctx.db, ctx.userId, input)),

  /** Whether visitors can open the current page's address, judged against the host this request reached. */
  addressNotice: protectedProcedure
    .input(z.void())
    .output(addressNoticeOutput)
    .query(async ({ ctx }) => ({ notice: await pageAddressNotice(ctx.db, ctx.userId, ctx.headers.get("host")) })),
});
