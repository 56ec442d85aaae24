"use client";

import { useQuery } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { SUDO_MINUTES } from "@/lib/schemas/sudo-proof";
import { answerProof } from "@/trpc/identity-prompt";
import { serverFailure } from "@/trpc/errors";
import { useTRPC, useTRPCClient } from "@/trpc/react";

type Way = "password" | "code";

const cancelledByBrowser = (error: unknown) => error instanceof Error && error.name === "NotAllowedError";

/** The "Confirm it's you" dialog itself (see ConfirmIdentityDialog): the password, else a code or a passkey. */
export function ConfirmIdentityPrompt() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const options = useQuery(trpc.auth.identityOptions.queryOptions());
  const [chosen, setChosen] = useState<Way | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const way: Way | null = chosen ?? (options.data?.password ? "password" : options.data?.code ? "code" : null);
  const field = useRef<HTMLInputElement>(null);
  // The field appears once the account's options arrive (and changes with the way chosen): it takes the focus then.
  useEffect(() => field.current?.focus(), [way]);

  async function prove(proofOf: () => Promise<Parameters<typeof client.auth.confirmIdentity.mutate>[0]>) {
    setBusy(true);
    setError(null);
    try {
      await client.auth.confirmIdentity.mutate(await proofOf());
      answerProof(true);
    } catch (failure) {
      if (!cancelledByBrowser(failure)) setError(serverFailure(failure)?.message ?? "That did not work. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const withPasskey = () =>
    prove(async () => {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      return { passkey: (await startAuthentication({ optionsJSON: await client.passkey.confirmOptions.mutate() })) as never };
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    void prove(() => Promise.resolve(way === "code" ? { code: value } : { password: value }));
  }

  const other: Way | null =
    way === "password" && options.data?.code ? "code" : way === "code" && options.data?.password ? "password" : null;

  return (
    <Modal
      open
      onClose={() => answerProof(false)}
      dismissible={!busy}
      title="Confirm it's you"
      description={`This change needs a fresh proof that it is you. You won't be asked again for ${SUDO_MINUTES} minutes.`}
    >
      {options.isPending ? (
        <p className="text-sm text-gray-500">Loading...</p>
      ) : (
        <div className="grid gap-4">
          {way && (
            <form onSubmit={submit} className="grid gap-4" noValidate>
              <TextField
                key={way}
                ref={field}
                label={way === "code" ? "Authenticator code" : "Password"}
                type={way === "code" ? "text" : "password"}
                autoComplete={way === "code" ? "one-time-code" : "current-password"}
                inputMode={way === "code" ? "numeric" : undefined}
                value={value}
                error={error ?? undefined}
                required
                onChange={(event) => setValue(event.target.value)}
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={busy || value.trim() === ""}>
                  {busy ? "Checking..." : "Confirm"}
                </Button>
                <Button type="button" variant="secondary" disabled={busy} onClick={() => answerProof(false)}>
                  Cancel
                </Button>
              </div>
            </form>
          )}
          {!way && error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            {other && (
              <button
                type="button"
                className="font-semibold text-brand-600 hover:underline"
                onClick={() => {
                  setChosen(other);
                  setValue("");
                  setError(null);
                }}
              >
                {other === "code" ? "Use an authenticator code instead" : "Use your password instead"}
              </button>
            )}
            {options.data?.passkey && (
              <button
                type="button"
                disabled={busy}
                className="font-semibold text-brand-600 hover:underline"
                onClick={() => void withPasskey()}
              >
                Use a passkey
              </button>
            )}
            {!options.data?.password && !options.data?.code && !options.data?.passkey && (
              <Button type="button" onClick={() => void signOut({ callbackUrl: window.location.pathname })}>
                Sign in again
              </Button>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
