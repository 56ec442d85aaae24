import { z } from "zod";
import * as s from "@/lib/openapi/schemas";
import { connectDomainInput, customDomainDto, domainPointing } from "@/lib/schemas/domain";
import { createTRPCRouter, protectedProcedure } from "@/server/api/trpc";
import {
  activeDomainAddress,
  connectDomain,
  domainSetup,
  getDomain,
  removeDomain,
  verifyDomain,
} from "@/server/services/domains/custom-domains";

const DOMAIN_REST = { tag: "Profile", auth: "bearer" } as const;

export const domainRouter = createTRPCRouter({
  /** The current profile's custom domain; null when none (REST answers 404). */
  mine: protectedProcedure
    .meta({
      rest: {
        ...DOMAIN_REST,
        scope: "profiles:read",
        method: "GET",
        path: "/profiles/me/domain/",
        summary: "The current profile's custom domain",
        success: { status: 200, schema: "CustomDomain", description: "The domain, its status and the TXT record that proves it." },
        errors: [404],
      },
    })
    .input(z.void())
    .output(customDomainDto.nullable())
    .query(({ ctx }) => getDomain(ctx.db, ctx.userId)),

  connect: protectedProcedure
    .meta({
      rest: {
        ...DOMAIN_REST,
        scope: "profiles:write",
        method: "PUT",
        path: "/profiles/me/domain/",
        body: "ConnectDomainRequest",
        summary: "Connect a custom domain",
        description:
          "Connects the domain as pending; it is served once `verify` sees its TXT record. Connecting another domain replaces a pending one; the token stays the same for the same domain and profile. 400 with a field error for a malformed domain, the app's own host, or a domain another page has.",
        success: { status: 200, schema: "CustomDomain", description: "The pending domain with the TXT record to add." },
        errors: [400],
      },
    })
    .input(connectDomainInput)
    .output(customDomainDto)
    .mutation(({ ctx, input }) => connectDomain(ctx.db, ctx.userId, input.domain)),

  verify: protectedProcedure
    .meta({
      rest: {
        ...DOMAIN_REST,
        scope: "profiles:write",
        method: "POST",
        path: "/profiles/me/domain/verify/",
        summary: "Verify the custom domain's TXT record",
        description:
          "Looks the TXT record up in DNS (5 s at most). When it holds the token the domain becomes active and is served; otherwise 400 naming the record looked for, and the domain stays pending.",
        success: { status: 200, schema: "CustomDomain", description: "The domain, now active." },
        errors: [400, 404],
      },
    })
    .input(z.void())
    .output(customDomainDto)
    .mutation(({ ctx }) => verifyDomain(ctx.db, ctx.userId)),

  remove: protectedProcedure
    .meta({
      rest: {
        ...DOMAIN_REST,
        scope: "profiles:write",
        method: "DELETE",
        path: "/profiles/me/domain/",
        summary: "Remove the custom domain",
        success: { status: 204, description: "Removed; the domain stops being served at once, on every instance." },
        errors: [404],
      },
    })
    .input(z.void())
    .output(s.success)
    .mutation(async ({ ctx }) => {
      await removeDomain(ctx.db, ctx.userId);
      return { success: true };
    }),

  /** The records the custom-domain panel tells the creator to add (null without a domain): CNAME for a subdomain, A/AAAA for an apex. */
  setup: protectedProcedure
    .input(z.void())
    .output(domainPointing.nullable())
    .query(({ ctx }) => domainSetup(ctx.db, ctx.userId)),

  /** The current page's address on its active custom domain, or null: the QR code, Share and Copy Link use it while it is active. */
  pageAddress: protectedProcedure
    .input(z.void())
    .output(z.object({ address: z.string().nullable() }))
    .query(async ({ ctx }) => ({ address: await activeDomainAddress(ctx.db, ctx.userId) })),
});
