"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { ALREADY_VERIFIED } from "@/lib/schemas/auth";
import { serverFailure } from "@/trpc/errors";
import { useTRPCClient } from "@/trpc/react";

type State = { kind: "working" } | { kind: "done"; heading: string; detail: string } | { kind: "failed"; detail: string };

/** A used link of an address that is verified is no failure: it says so and offers the dashboard. */
const headingOf = (state: Exclude<State, { kind: "working" }>) =>
  state.kind === "done" ? state.heading : state.detail === ALREADY_VERIFIED ? "Already verified" : "Link not valid";

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
    <div role={state.kind === "failed" && state.detail !== ALREADY_VERIFIED ? "alert" : "status"}>
      <h1 className="text-3xl font-extrabold tracking-tight">{headingOf(state)}</h1>
      <p className="mt-4 text-gray-600">{state.detail}</p>
      <Link href="/dashboard" className="mt-8 inline-block font-semibold text-brand-600 hover:underline">
        Go to your dashboard
      </Link>
    </div>
  );
}
