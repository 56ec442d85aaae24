import type { z } from "zod";
import { authResult, linkPage, profile, profileDeleted, profilePage, subscriberPage } from "@/lib/openapi/schemas";
import { subscribeBody } from "@/lib/schemas/audience";
import { customDomainDto } from "@/lib/schemas/domain";
import { updateLinkInput } from "@/lib/schemas/link";
import { NO_DOMAIN_MESSAGE } from "@/server/services/domains/custom-domains";
import { updateProfileByIdInput } from "@/lib/schemas/profile";
import type { createCaller } from "@/server/api/root";
import { BinaryAnswer, imageAnswer } from "./binary";
import { RestError } from "./errors";
import { paginate } from "./pagination";

/**
 * The REST calls that are not simply "run the procedure with the request's input and answer its
 * output": each names what differs. Every other call is derived from its procedure (./routes.ts).
 */
/** A body or query as received; the procedure's own zod input validates it. */
type Unchecked = unknown;

export interface HandlerArgs {
  caller: ReturnType<typeof createCaller>;
  body: Unchecked;
  query: Unchecked;
  params: Record<string, string>;
  /** The request's public address, for pagination links. */
  url: URL;
}

export interface RestException {
  /** The JSON body's schema, when it is not the procedure's whole input. */
  body?: z.ZodType;
  /** The answer's schema, when it is not the procedure's output. */
  response?: z.ZodType;
  handle: (args: HandlerArgs) => Promise<unknown>;
}

export const restExceptions: Partial<Record<string, RestException>> = {
  // Registering signs in too: the tRPC register leaves signing in to next-auth, REST logs in at once.
  "auth.register": {
    response: authResult,
    handle: async ({ caller, body }) => {
      await caller.auth.register(body as never);
      const { email, password } = body as { email: string; password: string };
      return caller.auth.login({ email, password });
    },
  },

  // Lists are paginated over HTTP (`?page=`); the procedures answer them whole.
  "link.list": { response: linkPage, handle: async ({ caller, query, url }) => paginate(await caller.link.list(), url, query) },
  "profile.list": { response: profilePage, handle: async ({ caller, query, url }) => paginate(await caller.profile.list(), url, query) },
  "audience.list": {
    response: subscriberPage,
    handle: async ({ caller, query, url }) => {
      const { page: _page, ...filters } = (query ?? {}) as Record<string, unknown>;
      return paginate(await caller.audience.list(filters as never), url, query);
    },
  },

  // The export is the file itself, as a download.
  "audience.export": {
    handle: async ({ caller, query }) => {
      const file = await caller.audience.export(query as never);
      return new BinaryAnswer(Buffer.from(file.content), {
        "content-type": file.content_type,
        "content-disposition": `attachment; filename="${file.filename}"`,
        "cache-control": "no-store",
      });
    },
  },

  // The page's slug travels in the path, the address in the body.
  "audience.subscribe": {
    body: subscribeBody,
    handle: ({ caller, params, body }) => caller.audience.subscribe({ ...(body as object), slug: params.slug! } as never),
  },

  // The id travels in the path and the changes in the body; the procedure takes both as one input.
  "link.update": {
    body: updateLinkInput.shape.data,
    handle: ({ caller, params, body }) => caller.link.update({ id: params.id!, data: body as never }),
  },
  "profile.update": {
    body: updateProfileByIdInput.shape.data,
    handle: ({ caller, params, body }) => caller.profile.update({ id: params.id!, data: body as never }),
  },

  // The app reads "no profile yet" as null; REST answers 404.
  "profile.current": {
    response: profile,
    handle: async ({ caller }) => {
      const profile = await caller.profile.current();
      if (!profile) throw new RestError(404, "Choose a username first");
      return profile;
    },
  },

  // The app reads "no custom domain" as null; REST answers 404.
  "domain.mine": {
    response: customDomainDto,
    handle: async ({ caller }) => {
      const domain = await caller.domain.mine();
      if (!domain) throw new RestError(404, NO_DOMAIN_MESSAGE);
      return domain;
    },
  },

  // REST clients read the flag as `was_current`, next to `success` (docs/product/api.md#calls).
  "profile.delete": {
    response: profileDeleted,
    handle: async ({ caller, params }) => {
      const { wasCurrent } = await caller.profile.delete({ id: params.id! });
      return { success: true, was_current: wasCurrent };
    },
  },

  // A link's detail takes the link from the path and the period and filters from the query.
  "analytics.link": {
    handle: ({ caller, params, query }) => caller.analytics.link({ ...(query as object), id: params.id! }),
  },

  // A QR code is answered as the image itself; the slug comes from the path, the drawing options from the query.
  "share.publicQrCode": {
    handle: async ({ caller, params, query }) => imageAnswer(await caller.share.publicQrCode({ ...(query as object), slug: params.slug! })),
  },
};
