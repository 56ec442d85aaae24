"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";

/** Draws the otpauth:// address as a QR code in the browser; the secret never leaves the page. */
function useQrImage(address: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then(async ({ default: QRCode }) => {
      const svg = await QRCode.toString(address, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      if (live) setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [address]);
  return image;
}

/** The QR code and secret for the app, then the first code, which turns two-factor on. */
export function SetupStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: { secret: string; otpauth_url: string };
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const qr = useQrImage(setup.otpauth_url);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const enable = useMutation(
    trpc.twoFactor.enable.mutationOptions({
      onSuccess: (result) => onEnabled(result.recovery_codes),
      onError: (failure) => setError(serverFailure(failure)?.message ?? "Something went wrong. Please try again."),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError("Enter the code from your authenticator app");
    enable.mutate({ code });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Set up two-factor authentication">
      <p className="text-sm text-gray-700">
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the secret into it.
      </p>
      <div className="flex flex-wrap items-center gap-5">
        {qr ? (
          <img src={qr} width={176} height={176} alt="QR code for your authenticator app" className="rounded-lg border border-gray-200" />
        ) : (
          <div className="h-44 w-44 animate-pulse rounded-lg bg-gray-100" aria-label="Drawing the QR code" />
        )}
        <div className="min-w-0">
          <p className="text-xs font-medium text-gray-500">Secret</p>
          <code data-testid="two-factor-secret" className="block font-mono text-sm break-all text-gray-900">
            {setup.secret}
          </code>
        </div>
      </div>
      <TextField
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={error}
        className="max-w-xs"
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? "Verifying..." : "Verify and turn on"}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
