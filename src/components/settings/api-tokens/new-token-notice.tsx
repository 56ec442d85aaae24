"use client";

import toast from "react-hot-toast";
import { copyText } from "@/components/links/page-address";
import { Button } from "@/components/ui/button";

/** A new token's secret, shown this once: copy it before leaving. */
export function NewTokenNotice({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  async function copy() {
    try {
      await copyText(token);
      toast.success("Token copied");
    } catch {
      toast.error("Could not copy. Select the token and copy it yourself.");
    }
  }
  return (
    <div role="region" aria-label="Your new API token" className="grid gap-3 rounded-xl border border-green-200 bg-green-50 p-4">
      <p className="text-sm text-gray-800">
        <strong>{name}</strong> is ready. Copy this token now: it will not be shown again.
      </p>
      <code
        aria-label="API token"
        className="block overflow-x-auto rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-gray-900"
      >
        {token}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy token
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
