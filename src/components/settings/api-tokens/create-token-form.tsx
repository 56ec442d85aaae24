"use client";

import { useState, type FormEvent } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { API_SCOPES, createApiTokenInput, type ApiScope, type CreateApiTokenInput } from "@/lib/schemas/api-token";
import { EXPIRY_CHOICES, SCOPE_LABELS } from "./scope-labels";

interface Props {
  pending: boolean;
  /** Field messages from the server's refusal. */
  serverErrors: Record<string, string>;
  onCreate: (input: CreateApiTokenInput) => void;
}

/** Name, scopes and expiry of a new token; checked with the server's own schema before sending. */
export function CreateTokenForm({ pending, serverErrors, onCreate }: Props) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiry, setExpiry] = useState<string>("30");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };

  function toggle(scope: ApiScope, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createApiTokenInput.safeParse({ name, scopes, expires_in_days: expiry === "" ? null : Number(expiry) });
    if (!parsed.success) {
      const fields = z.flattenError(parsed.error).fieldErrors;
      return setErrors(Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages?.[0] ?? ""])));
    }
    setErrors({});
    onCreate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API token" className="grid max-w-xl gap-4">
      <TextField label="Token name" value={name} maxLength={100} error={shown.name} onChange={(event) => setName(event.target.value)} />
      <fieldset aria-describedby={shown.scopes ? "token-scopes-error" : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-gray-700">Scopes</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {API_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 rounded-lg border border-gray-200 p-2.5 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-600"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              <span>
                <span className="block font-mono text-xs text-gray-900">{scope}</span>
                <span className="block text-gray-600">{SCOPE_LABELS[scope]}</span>
              </span>
            </label>
          ))}
        </div>
        {shown.scopes && (
          <p id="token-scopes-error" className="mt-1.5 text-sm text-red-600">
            {shown.scopes}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor="token-expiry" className="mb-1.5 block text-sm font-medium text-gray-700">
          Expires
        </label>
        <select
          id="token-expiry"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          className="w-full rounded-xl border border-gray-300 bg-white px-3 py-2.5 text-sm sm:w-60"
        >
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.label} value={choice.days ?? ""}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? "Creating..." : "Create token"}
        </Button>
      </div>
    </form>
  );
}
