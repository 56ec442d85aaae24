"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";

/** Until the address is verified: a reminder with 'Resend'. Read again when the window regains focus, so a link opened elsewhere hides it. */
export function VerifyEmailBanner() {
  const trpc = useTRPC();
  const me = useQuery({ ...trpc.auth.me.queryOptions(), refetchOnWindowFocus: true });
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: () => toast.success("Verification email sent"),
      onError: (error) => {
        toast.error(serverFailure(error)?.message ?? "Failed to send the verification email");
        void me.refetch();
      },
    }),
  );
  if (!me.data || me.data.email_verified) return null;
  return (
    <div
      role="region"
      aria-label="Email verification"
      className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="flex-1">
        Please verify your email address: we sent a link to <strong>{me.data.email}</strong>.
      </p>
      <button
        type="button"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
        className="rounded-lg border border-amber-400 bg-white px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60"
      >
        {resend.isPending ? "Sending..." : "Resend"}
      </button>
    </div>
  );
}
