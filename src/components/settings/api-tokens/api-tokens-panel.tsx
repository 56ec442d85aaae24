"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import type { ApiTokenSummary, CreatedApiToken } from "@/lib/schemas/api-token";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { CreateTokenForm } from "./create-token-form";
import { NewTokenNotice } from "./new-token-notice";

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" });
const when = (date: Date | null, none: string) => (date ? day.format(date) : none);

function TokenRow({ token, revoking, onRevoke }: { token: ApiTokenSummary; revoking: boolean; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words text-gray-900">{token.name}</p>
        <p className="font-mono text-xs break-words text-gray-600">{token.scopes.join(", ")}</p>
        <p className="text-sm text-gray-500">
          Created {when(token.created_at, "")} · Last used {when(token.last_used_at, "never")} · Expires {when(token.expires_at, "never")}
        </p>
      </div>
      <Button variant="secondary" aria-label={`Revoke ${token.name}`} disabled={revoking} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}

/** Settings › Security › API tokens: create one (its secret shown once), list them, revoke any. */
export function ApiTokensPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [formKey, setFormKey] = useState(0);
  const tokens = useQuery({ ...trpc.apiToken.list.queryOptions(), refetchOnMount: "always" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiToken.list.queryKey() });
  const create = useMutation(
    trpc.apiToken.create.mutationOptions({
      onSuccess: (token) => {
        setCreated(token);
        setFormKey((key) => key + 1);
        toast.success("API token created");
      },
      onError: (error) => toast.error(serverFailure(error)?.message ?? "Failed to create the API token"),
      onSettled: refresh,
    }),
  );
  const revoke = useMutation(
    trpc.apiToken.revoke.mutationOptions({
      onSuccess: () => toast.success("API token revoked"),
      onError: () => toast.error("Failed to revoke the API token"),
      onSettled: refresh,
    }),
  );

  return (
    <PanelBlock
      title="API tokens"
      description="Tokens let other apps use your account through the REST API, limited to the scopes you choose."
    >
      {created && <NewTokenNotice name={created.name} token={created.token} onDone={() => setCreated(null)} />}
      <CreateTokenForm
        key={formKey}
        pending={create.isPending}
        serverErrors={firstMessages(serverFailure(create.error)?.fieldErrors ?? {})}
        onCreate={(input) => create.mutate(input)}
      />
      {tokens.isError ? (
        <p role="alert" className="text-sm text-red-600">
          We couldn&apos;t load your API tokens.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void tokens.refetch()}>
            Try again
          </button>
        </p>
      ) : !tokens.data ? (
        <p className="text-sm text-gray-500">Loading API tokens...</p>
      ) : tokens.data.tokens.length === 0 ? (
        <p className="text-sm text-gray-500">No API tokens yet.</p>
      ) : (
        <ul aria-label="API tokens" className="grid divide-y divide-gray-100">
          {tokens.data.tokens.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              revoking={revoke.isPending && revoke.variables?.id === token.id}
              onRevoke={() => revoke.mutate({ id: token.id })}
            />
          ))}
        </ul>
      )}
    </PanelBlock>
  );
}
