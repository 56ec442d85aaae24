"use client";

import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { flashSuccess } from "@/components/ui/flash-toast";
import { useTRPC } from "@/trpc/react";

/** The danger zone: Delete Account, then 'Yes, Delete My Account' or Cancel; deletion signs out. */
export function DeleteAccount() {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.auth.deleteAccount.mutationOptions({
      onSuccess: async () => {
        await signOut({ redirect: false });
        flashSuccess("Account deleted successfully");
        // A full load: the deleted account's cached queries must not survive into the login page.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign("/login");
      },
      onError: () => toast.error("Failed to delete account"),
    }),
  );

  return (
    <section aria-labelledby="danger-zone" className="rounded-2xl border border-red-200 bg-white p-5 shadow-xs">
      <h2 id="danger-zone" className="text-base font-semibold text-red-700">
        Danger Zone
      </h2>
      <p className="mt-0.5 text-sm text-gray-600">
        Deleting your account removes your profiles, links, designs and analytics for good. This cannot be undone.
      </p>
      <div className="mt-4" aria-live="polite">
        {confirming ? (
          <div className="grid gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
            <p className="text-sm font-medium text-red-800">Are you sure? Your public pages stop working at once.</p>
            <div className="flex flex-wrap gap-3">
              <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? "Deleting..." : "Yes, Delete My Account"}
              </Button>
              <Button variant="secondary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete Account
          </Button>
        )}
      </div>
    </section>
  );
}
