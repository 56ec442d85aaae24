import { z } from "zod";
import { apiTokenIdInput, apiTokenList, createApiTokenInput, createdApiToken, MAX_API_TOKENS } from "@/lib/schemas/api-token";
import { createTRPCRouter, protectedProcedure, requireRecentProof } from "@/server/api/trpc";
import { createApiToken, listApiTokens, revokeApiToken } from "@/server/services/auth/api-tokens";

/**
 * API tokens for integrations. None of these calls declares a scope, so no API token can make them:
 * only a signed-in session (the web app's cookie or a log-in's access token).
 */
export const apiTokenRouter = createTRPCRouter({
  /** A sensitive change: it needs a fresh proof of identity (sudo mode). */
  create: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/auth/tokens/",
        codes: ["reauthentication_required"],
        tag: "Auth",
        auth: "bearer",
        body: "CreateApiTokenRequest",
        summary: "Create an API token",
        description: `Answers the secret (\`lb_…\`) once; only its hash is kept. Scopes: \`profiles:read\`, \`profiles:write\`, \`links:read\`, \`links:write\`, \`analytics:read\`, \`webhooks:write\` (a \`:write\` scope includes its \`:read\`). At most ${MAX_API_TOKENS} live tokens per account (400). Needs a signed-in session's access token: an API token cannot create tokens (403 \`insufficient_scope\`). A sensitive change: the access token must come from a log-in within the last 5 minutes, or the body carries \`current_password\` (403 otherwise; a wrong one is throttled as log-ins are).`,
        success: { status: 201, schema: "CreatedApiToken", description: "The token, with its secret shown this once." },
        errors: [400, 403, 429],
      },
    })
    .input(createApiTokenInput)
    .use(requireRecentProof)
    .output(createdApiToken)
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.userId, input)),

  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/auth/tokens/",
        tag: "Auth",
        auth: "bearer",
        summary: "The account's live API tokens",
        description: "Newest first, without secrets; expired and revoked tokens are not listed.",
        success: { status: 200, schema: "ApiTokenList", description: "The tokens." },
        errors: [],
      },
    })
    .input(z.void())
    .output(apiTokenList)
    .query(async ({ ctx }) => ({ tokens: await listApiTokens(ctx.db, ctx.userId) })),

  revoke: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/auth/tokens/{id}/",
        tag: "Auth",
        auth: "bearer",
        summary: "Revoke an API token",
        description: "The token fails at once, on every instance (401 `invalid_token`). 404 for an unknown token or another account's.",
        success: { status: 204, description: "Revoked." },
        errors: [404],
      },
    })
    .input(apiTokenIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.userId, input.id)),
});
