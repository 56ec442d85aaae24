"use client";

import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";

function download(codes: string[]) {
  const text = `Linkbio recovery codes\nEach code signs you in once when your authenticator app is not at hand.\n\n${codes.join("\n")}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "linkbio-recovery-codes.txt";
  link.click();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once: copy or download them before leaving. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Recovery codes copied");
    } catch {
      toast.error("Could not copy. Download them instead.");
    }
  }
  return (
    <div className="grid gap-4" role="region" aria-label="Your recovery codes">
      <p className="text-sm text-gray-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They will not be shown
        again.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-xl bg-gray-50 p-4 font-mono text-sm text-gray-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={() => download(codes)}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}
