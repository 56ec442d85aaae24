import type { z } from "zod";
import type { NextOperationId, Operations, ResponseName, responseSchemas } from "@/lib/openapi/operations";
import type { createCaller } from "@/server/api/root";
import { RestError } from "./errors";
import { paginate } from "./pagination";

/**
 * The route table: for every documented call (src/lib/openapi/operations.ts), the procedure it
 * calls. Handlers only shape the request into the procedure's input and its answer into the
 * documented response; every rule lives behind the caller. Each handler's result is checked by
 * the compiler against the documented response schema.
 */

/** A body or query as received; the procedure's own zod input validates it. */
type Unchecked = never;

export interface HandlerArgs {
  caller: ReturnType<typeof createCaller>;
  body: Unchecked;
  query: Unchecked;
  params: Record<string, string>;
  /** The request's public address, for pagination links. */
  url: URL;
}

type SuccessOf<K extends NextOperationId> = Operations[K]["success"] extends { schema: infer S extends ResponseName }
  ? z.output<(typeof responseSchemas)[S]>
  : void;

type Handlers = { [K in NextOperationId]: (args: HandlerArgs) => Promise<SuccessOf<K>> };

export const handlers: Handlers = {
  // ---- Auth: registration signs in too, by composing the two procedures --------------------
  "auth.register": async ({ caller, body }) => {
    await caller.auth.register(body);
    const { email, password } = body as { email: string; password: string };
    return caller.auth.login({ email, password });
  },
  "auth.login": ({ caller, body }) => caller.auth.login(body),
  "auth.google": ({ caller, body }) => caller.auth.google(body),
  "auth.logout": ({ caller, body }) => caller.auth.logout(body),
  "auth.refresh": ({ caller, body }) => caller.auth.refresh(body),
  "auth.user": ({ caller }) => caller.auth.me(),
  "auth.changePassword": ({ caller, body }) => caller.auth.changePassword(body),
  "auth.deleteAccount": async ({ caller }) => {
    await caller.auth.deleteAccount();
  },

  // ---- Profile -------------------------------------------------------------------------------
  "profile.me": ({ caller }) => caller.profile.me(),
  "profile.updateMe": ({ caller, body }) => caller.profile.updateMe(body),
  "profile.public": ({ caller, params }) => caller.profile.public({ slug: params.slug! }),
  "profile.checkSlug": ({ caller, body }) => caller.profile.checkSlug(body),
  "profile.updateSlug": ({ caller, body }) => caller.profile.updateSlug(body),
  "profile.completeOnboarding": ({ caller }) => caller.profile.completeOnboarding(),
  "design.get": ({ caller }) => caller.design.get(),
  "design.save": ({ caller, body }) => caller.design.save(body),
  "design.applyTemplate": ({ caller, body }) => caller.design.applyTemplate(body),
  "design.reset": ({ caller }) => caller.design.reset(),
  "settings.get": ({ caller }) => caller.settings.get(),
  "settings.update": ({ caller, body }) => caller.settings.update(body),

  // ---- Links ---------------------------------------------------------------------------------
  "link.list": async ({ caller, query, url }) => paginate(await caller.link.list(), url, query),
  "link.create": ({ caller, body }) => caller.link.create(body),
  "link.get": ({ caller, params }) => caller.link.get({ id: params.id! }),
  "link.update": ({ caller, params, body }) => caller.link.update({ id: params.id!, data: body }),
  "link.delete": async ({ caller, params }) => {
    await caller.link.delete({ id: params.id! });
  },
  "link.reorder": ({ caller, body }) => caller.link.reorder(body),
  "link.toggle": ({ caller, params }) => caller.link.toggle({ id: params.id! }),
  "link.duplicate": ({ caller, params }) => caller.link.duplicate({ id: params.id! }),

  // ---- Analytics -----------------------------------------------------------------------------
  "analytics.overview": ({ caller, query }) => caller.analytics.overview(query),
  "analytics.links": ({ caller, query }) => caller.analytics.links(query),
  "analytics.timeline": ({ caller, query }) => caller.analytics.timeline(query),
  "analytics.devices": ({ caller, query }) => caller.analytics.devices(query),
  "analytics.locations": ({ caller, query }) => caller.analytics.locations(query),

  // ---- Multi-profile -------------------------------------------------------------------------
  "profile.list": async ({ caller, query, url }) => paginate(await caller.profile.list(), url, query),
  "profile.create": ({ caller, body }) => caller.profile.create(body),
  "profile.current": async ({ caller }) => {
    const profile = await caller.profile.current();
    if (!profile) throw new RestError(404, "Choose a username first");
    return profile;
  },
  "profile.get": ({ caller, params }) => caller.profile.get({ id: params.id! }),
  "profile.update": ({ caller, params, body }) => caller.profile.update({ id: params.id!, data: body }),
  "profile.switch": ({ caller, params }) => caller.profile.switch({ id: params.id! }),
  "profile.delete": async ({ caller, params }) => {
    const { wasCurrent } = await caller.profile.delete({ id: params.id! });
    return { success: true, was_current: wasCurrent };
  },
};
