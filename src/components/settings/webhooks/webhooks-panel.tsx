"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import { MAX_WEBHOOKS, type CreatedWebhook, type WebhookSummary } from "@/lib/schemas/webhook";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { CreateWebhookForm } from "./create-webhook-form";
import { NewWebhookNotice } from "./new-webhook-notice";
import { WebhookDeliveries } from "./webhook-deliveries";

const day = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

interface RowProps {
  webhook: WebhookSummary;
  busy: boolean;
  onTest: () => void;
  onDelete: () => void;
}

function WebhookRow({ webhook, busy, onTest, onDelete }: RowProps) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const disabled = webhook.status === "disabled";
  return (
    <li className="grid gap-2 py-3 first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium break-all text-gray-900">{webhook.url}</p>
          <p className="font-mono text-xs break-words text-gray-600">{webhook.events.join(", ")}</p>
          <p className="text-sm text-gray-500">
            Added {day.format(webhook.created_at)} ·{" "}
            {disabled ? (
              <span className="font-medium text-red-700">Disabled after 24 hours of failed deliveries</span>
            ) : (
              <span className="text-green-700">Active</span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-expanded={showDeliveries} onClick={() => setShowDeliveries((shown) => !shown)}>
            {showDeliveries ? "Hide deliveries" : "Deliveries"}
          </Button>
          {!disabled && (
            <Button variant="secondary" aria-label={`Send a test ping to ${webhook.url}`} disabled={busy} onClick={onTest}>
              Send test
            </Button>
          )}
          <Button variant="secondary" aria-label={`Delete the webhook to ${webhook.url}`} disabled={busy} onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
      {showDeliveries && <WebhookDeliveries webhookId={webhook.id} url={webhook.url} />}
    </li>
  );
}

/** Settings › Security › Webhooks: add one (its secret shown once), list them with their deliveries, test and delete. */
export function WebhooksPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [formKey, setFormKey] = useState(0);
  const webhooks = useQuery({ ...trpc.webhook.list.queryOptions(), refetchOnMount: "always" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhook.list.queryKey() });
  const create = useMutation(
    trpc.webhook.create.mutationOptions({
      onSuccess: (webhook) => {
        setCreated(webhook);
        setFormKey((key) => key + 1);
        toast.success("Webhook added");
      },
      onError: (error) => toast.error(serverFailure(error)?.message ?? "Failed to add the webhook"),
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.webhook.delete.mutationOptions({
      onSuccess: () => toast.success("Webhook deleted"),
      onError: () => toast.error("Failed to delete the webhook"),
      onSettled: refresh,
    }),
  );
  const ping = useMutation(
    trpc.webhook.test.mutationOptions({
      onSuccess: (_answer, { id }) => {
        toast.success("Test ping sent");
        void queryClient.invalidateQueries({ queryKey: trpc.webhook.deliveries.queryKey({ id }) });
      },
      onError: (error) => toast.error(serverFailure(error)?.message ?? "Failed to send the test ping"),
    }),
  );

  return (
    <PanelBlock
      title="Webhooks"
      description={`Webhooks send your account's events to another app's server as they happen, signed with a secret. Up to ${MAX_WEBHOOKS} per account.`}
    >
      {created && <NewWebhookNotice url={created.url} secret={created.secret} onDone={() => setCreated(null)} />}
      <CreateWebhookForm
        key={formKey}
        pending={create.isPending}
        serverErrors={firstMessages(serverFailure(create.error)?.fieldErrors ?? {})}
        onCreate={(input) => create.mutate(input)}
      />
      {webhooks.isError ? (
        <p role="alert" className="text-sm text-red-600">
          We couldn&apos;t load your webhooks.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void webhooks.refetch()}>
            Try again
          </button>
        </p>
      ) : !webhooks.data ? (
        <p className="text-sm text-gray-500">Loading webhooks...</p>
      ) : webhooks.data.webhooks.length === 0 ? (
        <p className="text-sm text-gray-500">No webhooks yet.</p>
      ) : (
        <ul aria-label="Webhooks" className="grid divide-y divide-gray-100">
          {webhooks.data.webhooks.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              busy={(remove.isPending && remove.variables?.id === webhook.id) || (ping.isPending && ping.variables?.id === webhook.id)}
              onTest={() => ping.mutate({ id: webhook.id })}
              onDelete={() => remove.mutate({ id: webhook.id })}
            />
          ))}
        </ul>
      )}
    </PanelBlock>
  );
}
