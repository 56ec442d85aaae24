"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { serverFailure } from "@/trpc/errors";
import { useTRPCClient } from "@/trpc/react";

type State = { kind: "working" } | { kind: "done"; heading: string; detail: string } | { kind: "failed"; detail: string };

/** Opens a verification or change-of-address link as soon as the page loads, signed in or not. */
export function EmailLinkResult({ token }: { token: string }) {
  const trpc = useTRPCClient();
  const [state, setState] = useState<State>(
    token ? { kind: "working" } : { kind: "failed", detail: "This link is invalid or has expired" },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    trpc.auth.confirmEmail
      .mutate({ token })
      .then((result) =>
        setState({
          kind: "done",
          heading: result.outcome === "verified" ? "Email verified" : "Email address changed",
          detail: result.detail,
        }),
      )
      .catch((error: unknown) =>
        setState({ kind: "failed", detail: serverFailure(error)?.message ?? "An unexpected error occurred. Please try again." }),
      );
  }, [token, trpc]);

  if (state.kind === "working") {
    return (
      <p role="status" className="flex items-center gap-3 text-gray-700">
        <Spinner className="h-5 w-5" /> Confirming your email address...
      </p>
    );
  }
  return (
    <div role={state.kind === "failed" ? "alert" : "status"}>
      <h1 className="text-3xl font-extrabold tracking-tight">{state.kind === "done" ? state.heading : "Link not valid"}</h1>
      <p className="mt-4 text-gray-600">{state.detail}</p>
      <Link href="/dashboard" className="mt-8 inline-block font-semibold text-brand-600 hover:underline">
        Go to your dashboard
      </Link>
    </div>
  );
}
