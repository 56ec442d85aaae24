"use client";

import { startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { useAppOrigin } from "@/components/app-origin";
import { passkeyOriginProblem } from "@/components/auth/passkey-origin";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import { TextField } from "@/components/ui/text-field";
import { PASSKEY_NAME_MAX, type PasskeySummary } from "@/lib/schemas/passkey";
import { serverFailure } from "@/trpc/errors";
import { useTRPC, useTRPCClient } from "@/trpc/react";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium" });

function usedText(passkey: PasskeySummary): string {
  return passkey.last_used_at ? `Last used ${dateFormat.format(passkey.last_used_at)}` : "Never used";
}

/** Settings › Security › Passkeys: add one with this device's authenticator, see and remove them. */
export function PasskeysPanel() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const passkeys = useQuery(trpc.passkey.list.queryOptions());
  const [name, setName] = useState("");
  const [adding, setAdding] = useState(false);
  const appOrigin = useAppOrigin();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.passkey.list.queryKey() });
  const remove = useMutation(
    trpc.passkey.remove.mutationOptions({
      onSuccess: () => toast.success("Passkey removed"),
      onError: () => toast.error("Failed to remove the passkey"),
      onSettled: refresh,
    }),
  );

  async function add(event: FormEvent) {
    event.preventDefault();
    const elsewhere = passkeyOriginProblem(appOrigin);
    if (elsewhere) return void toast.error(elsewhere);
    setAdding(true);
    try {
      const optionsJSON = await client.passkey.registrationOptions.mutate();
      const response = await startRegistration({ optionsJSON });
      await client.passkey.register.mutate({ response: response as never, name: name.trim() || undefined });
      setName("");
      toast.success("Passkey added");
      await refresh();
    } catch (error) {
      // Closing the browser's dialog is a choice, not a failure.
      if (error instanceof WebAuthnError && error.name === "NotAllowedError") return;
      if (error instanceof DOMException && error.name === "NotAllowedError") return;
      toast.error(serverFailure(error)?.message ?? "The passkey could not be added. Please try again.");
    } finally {
      setAdding(false);
    }
  }

  return (
    <PanelBlock title="Passkeys" description="Sign in with your fingerprint, face or device PIN instead of a password and code.">
      {passkeys.isError ? (
        <p role="alert" className="text-sm text-red-600">
          We couldn&apos;t load your passkeys.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void passkeys.refetch()}>
            Try again
          </button>
        </p>
      ) : !passkeys.data ? (
        <p className="text-sm text-gray-500">Loading passkeys...</p>
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-gray-500">No passkeys yet.</p>
      ) : (
        <ul aria-label="Passkeys" className="grid divide-y divide-gray-100">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-900">{passkey.name}</p>
                <p className="text-sm text-gray-500">
                  Added {dateFormat.format(passkey.created_at)} · {usedText(passkey)}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={`Remove ${passkey.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ id: passkey.id })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} className="flex flex-wrap items-end gap-3">
        <TextField
          label="Name (optional)"
          placeholder="e.g. Work laptop"
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          className="min-w-48 flex-1"
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={adding}>
          {adding ? "Adding..." : "Add a passkey"}
        </Button>
      </form>
    </PanelBlock>
  );
}
