"use client";

import { useState, type FormEvent } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { createWebhookInput, WEBHOOK_EVENTS, type CreateWebhookInput, type WebhookEventType } from "@/lib/schemas/webhook";
import { EVENT_LABELS } from "./event-labels";

interface Props {
  pending: boolean;
  /** Field messages from the server's refusal. */
  serverErrors: Record<string, string>;
  onCreate: (input: CreateWebhookInput) => void;
}

/** URL and events of a new webhook; checked with the server's own schema before sending. */
export function CreateWebhookForm({ pending, serverErrors, onCreate }: Props) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };

  function toggle(event: WebhookEventType, on: boolean) {
    setEvents((current) => (on ? [...current, event] : current.filter((item) => item !== event)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createWebhookInput.safeParse({ url, events });
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      return setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages?.[0] ?? ""])));
    }
    setErrors({});
    onCreate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add a webhook" className="grid max-w-xl gap-4">
      <TextField
        label="Endpoint URL"
        type="url"
        placeholder="https://example.com/webhooks/linkbio"
        value={url}
        maxLength={2048}
        error={shown.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset aria-describedby={shown.events ? "webhook-events-error" : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-gray-700">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-start gap-2 rounded-lg border border-gray-200 p-2.5 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-600"
                checked={events.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
              />
              <span>
                <span className="block font-mono text-xs text-gray-900">{name}</span>
                <span className="block text-gray-600">{EVENT_LABELS[name]}</span>
              </span>
            </label>
          ))}
        </div>
        {shown.events && (
          <p id="webhook-events-error" className="mt-1.5 text-sm text-red-600">
            {shown.events}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Adding..." : "Add webhook"}
        </Button>
      </div>
    </form>
  );
}
