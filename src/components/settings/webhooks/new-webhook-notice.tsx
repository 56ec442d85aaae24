"use client";

import toast from "react-hot-toast";
import { copyText } from "@/components/links/page-address";
import { Button } from "@/components/ui/button";

/** A new webhook's signing secret, shown this once: copy it before leaving. */
export function NewWebhookNotice({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  async function copy() {
    try {
      await copyText(secret);
      toast.success("Secret copied");
    } catch {
      toast.error("Could not copy. Select the secret and copy it yourself.");
    }
  }
  return (
    <div role="region" aria-label="Your new webhook's secret" className="grid gap-3 rounded-xl border border-green-200 bg-green-50 p-4">
      <p className="text-sm break-words text-gray-800">
        Deliveries to <strong>{url}</strong> are signed with this secret. Copy it now: it will not be shown again.
      </p>
      <code
        aria-label="Signing secret"
        className="block overflow-x-auto rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-gray-900"
      >
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy secret
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
