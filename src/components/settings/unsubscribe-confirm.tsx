"use client";

import { useState } from "react";
import { ErrorBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { serverFailure } from "@/trpc/errors";
import { useTRPCClient } from "@/trpc/react";

const LIST_NAMES = { digest: "daily digests (Link Click Alerts and Profile View Alerts)", monthly: "monthly reports" } as const;

/** A button rather than an action on load, so a mail scanner that opens links unsubscribes nobody. */
export function UnsubscribeConfirm({ token }: { token: string }) {
  const trpc = useTRPCClient();
  const [done, setDone] = useState<keyof typeof LIST_NAMES | null>(null);
  const [error, setError] = useState<string | null>(token ? null : "This unsubscribe link is invalid.");
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      setDone((await trpc.settings.unsubscribe.mutate({ token })).list);
    } catch (caught) {
      setError(serverFailure(caught)?.message ?? "An unexpected error occurred. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div role="status">
        <h1 className="text-3xl font-extrabold tracking-tight">You are unsubscribed</h1>
        <p className="mt-4 text-gray-600">
          You will get no more {LIST_NAMES[done]}. You can turn them on again in Settings › Notifications.
        </p>
      </div>
    );
  }
  return (
    <div>
      <h1 className="text-3xl font-extrabold tracking-tight">Unsubscribe</h1>
      <p className="mt-2 text-gray-600">Stop these emails from Linkbio?</p>
      <div className="mt-6 grid gap-4">
        <ErrorBanner message={error} />
        <Button type="button" disabled={busy || !token} onClick={() => void confirm()} className="py-3">
          {busy ? "Unsubscribing..." : "Unsubscribe"}
        </Button>
      </div>
    </div>
  );
}
