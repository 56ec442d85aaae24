"use client";

import type { ReactNode } from "react";
import toast from "react-hot-toast";
import { copyText } from "@/components/links/page-address";
import { Button } from "@/components/ui/button";

interface SecretOnceNoticeProps {
  /** The region's name, e.g. "Your new API token". */
  region: string;
  /** The secret's own name, e.g. "API token". */
  secretLabel: string;
  /** What the copy button and its messages call it: "token", "secret". */
  noun: string;
  secret: string;
  onDone: () => void;
  children: ReactNode;
}

/** A new credential's secret, shown this once: copy it before leaving. */
export function SecretOnceNotice({ region, secretLabel, noun, secret, onDone, children }: SecretOnceNoticeProps) {
  async function copy() {
    try {
      await copyText(secret);
      toast.success(`${noun[0]!.toUpperCase()}${noun.slice(1)} copied`);
    } catch {
      toast.error(`Could not copy. Select the ${noun} and copy it yourself.`);
    }
  }
  return (
    <div role="region" aria-label={region} className="grid gap-3 rounded-xl border border-green-200 bg-green-50 p-4">
      <p className="text-sm break-words text-gray-800">{children}</p>
      <code
        aria-label={secretLabel}
        className="block overflow-x-auto rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-gray-900"
      >
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy {noun}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
