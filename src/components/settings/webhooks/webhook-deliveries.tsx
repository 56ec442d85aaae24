"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";

const time = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });
const STATUS_TEXT = { succeeded: "Delivered", retrying: "Failed, will retry", failed: "Failed, given up" } as const;

/** A webhook's latest attempts; polled while shown, since the worker delivers in the background. */
export function WebhookDeliveries({ webhookId, url }: { webhookId: string; url: string }) {
  const trpc = useTRPC();
  const deliveries = useQuery({ ...trpc.webhook.deliveries.queryOptions({ id: webhookId }), refetchInterval: 3_000 });
  if (deliveries.isError) return <p className="text-sm text-red-600">We couldn&apos;t load the deliveries.</p>;
  if (!deliveries.data) return <p className="text-sm text-gray-500">Loading deliveries...</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="text-sm text-gray-500">No deliveries yet.</p>;
  return (
    <ul aria-label={`Deliveries to ${url}`} className="grid divide-y divide-gray-100 rounded-lg border border-gray-200 px-3">
      {deliveries.data.deliveries.map((attempt) => (
        <li key={attempt.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
          <span className="font-mono text-xs text-gray-900">{attempt.type}</span>
          <span className="text-gray-700">
            {STATUS_TEXT[attempt.status]}
            {attempt.response_status !== null ? ` (HTTP ${attempt.response_status})` : " (no answer)"} · attempt {attempt.attempt}
          </span>
          <span className="text-gray-500">{time.format(attempt.created_at)}</span>
        </li>
      ))}
    </ul>
  );
}
