import { z } from "zod";
import { DOMAIN_EXAMPLE, normalizeDomain } from "@/lib/domains/normalize-domain";

/** A domain as typed, checked and made canonical by the one rule the form and the server share. */
export const domainName = z
  .string({ error: `Enter a domain such as ${DOMAIN_EXAMPLE}.` })
  .max(300, "A domain can be at most 253 characters.")
  .transform((raw, context) => {
    const checked = normalizeDomain(raw);
    if ("error" in checked) {
      context.addIssue({ code: "custom", message: checked.error });
      return z.NEVER;
    }
    return checked.domain;
  })
  .meta({ description: "A host name of at least two labels, such as `links.example.com`; stored in lower case and punycode." });

/** PUT /profiles/me/domain/ */
export const connectDomainInput = z.strictObject({ domain: domainName });
export type ConnectDomainInput = z.input<typeof connectDomainInput>;

/** GET /domains/allowed/?domain= (Caddy's on-demand TLS `ask`). */
export const allowedDomainQuery = z.strictObject({ domain: domainName });

export const CUSTOM_DOMAIN_STATUSES = ["pending", "active"] as const;

/** A profile's custom domain as every client reads it. */
export const customDomainDto = z.object({
  domain: z.string().meta({ description: "The domain, lower case, international names in punycode." }),
  status: z.enum(CUSTOM_DOMAIN_STATUSES).meta({ description: "`active` once its TXT record was seen; only then is it served." }),
  verification: z.object({
    type: z.literal("TXT"),
    name: z.string().meta({ description: "The record's name: `_linkbio.` and the domain." }),
    value: z.string().meta({ description: "The record's value: this profile's token for this domain." }),
  }),
  created_at: z.date(),
  verified_at: z.date().nullable(),
});
export type CustomDomainDto = z.infer<typeof customDomainDto>;

/** What a creator adds at their DNS provider so the domain reaches this server. */
export const domainPointing = z.object({
  target: z.string().meta({ description: "The host name the domain points at (CUSTOM_DOMAIN_TARGET, else APP_URL's host name)." }),
  apex: z.boolean().meta({ description: "Whether the domain is a registrable domain itself (example.com), where a CNAME is not allowed." }),
  records: z
    .array(z.object({ type: z.enum(["CNAME", "A", "AAAA"]), name: z.string(), value: z.string() }))
    .meta({ description: "A CNAME to the target for a subdomain; A/AAAA records for an apex (empty when the addresses are unknown)." }),
  notice: z.string().nullable().meta({ description: "Why these records cannot work yet (the target is a loopback name), or null." }),
});
export type DomainPointing = z.infer<typeof domainPointing>;
