"use client";

import { useId } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { copyAddress } from "@/components/links/page-address";

/** The page address, selectable, with Copy and (where the browser has a share sheet) Share…. */
export function AddressField({ address, title }: { address: string | null; title: string }) {
  const id = useId();
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";

  async function share() {
    if (!address) return;
    try {
      await navigator.share({ title, url: address });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) toast.error("Could not open the share sheet");
    }
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        Page address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={address ?? ""}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-xl border border-gray-300 bg-gray-50 px-3 py-2.5 text-sm text-gray-800"
        />
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button onClick={() => void copyAddress(address)} disabled={!address} className={canShare ? "" : "col-span-2"}>
            Copy
          </Button>
          {canShare && (
            <Button variant="secondary" onClick={() => void share()} disabled={!address}>
              Share…
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
