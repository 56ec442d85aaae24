"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { countryName } from "@/components/insights/format";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import type { ActiveSession } from "@/lib/schemas/session";
import { useTRPC } from "@/trpc/react";

function deviceName(session: ActiveSession): string {
  const device = [session.browser, session.os].filter(Boolean).join(" on ");
  if (session.kind === "api") return device ? `API client (${device})` : "API client";
  return device || "Unknown browser";
}

/** How the session signed in, as Settings › Security names it. */
export function signInText(session: Pick<ActiveSession, "method" | "two_factor">): string {
  if (session.method === "passkey") return "Passkey";
  const first = session.method === "google" ? "Google" : "Password";
  return session.two_factor ? `${first} and code` : first;
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

function lastActive(at: Date, now = Date.now()): string {
  const minutes = Math.round((now - at.getTime()) / 60_000);
  if (minutes < 2) return "Active now";
  if (minutes < 60) return `Last active ${relative.format(-minutes, "minute")}`;
  if (minutes < 48 * 60) return `Last active ${relative.format(-Math.round(minutes / 60), "hour")}`;
  return `Last active ${relative.format(-Math.round(minutes / 1440), "day")}`;
}

/** Settings › Security: every signed-in device, each revocable, and a way out of all but this one. */
export function ActiveSessions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery({ ...trpc.auth.sessions.queryOptions(), refetchOnMount: "always" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.queryKey() });
  const revoke = useMutation(
    trpc.auth.revokeSession.mutationOptions({
      onSuccess: () => toast.success("Session revoked"),
      onError: () => toast.error("Failed to revoke the session"),
      onSettled: refresh,
    }),
  );
  const revokeOthers = useMutation(
    trpc.auth.revokeOtherSessions.mutationOptions({
      onSuccess: () => toast.success("Signed out of all other sessions"),
      onError: () => toast.error("Failed to sign out of other sessions"),
      onSettled: refresh,
    }),
  );

  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  return (
    <PanelBlock title="Active Sessions" description="Devices signed in to your account. Revoke any you do not recognise.">
      {sessions.isError ? (
        <p role="alert" className="text-sm text-red-600">
          We couldn&apos;t load your sessions.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void sessions.refetch()}>
            Try again
          </button>
        </p>
      ) : !sessions.data ? (
        <p className="text-sm text-gray-500">Loading sessions...</p>
      ) : (
        <>
          <ul aria-label="Active sessions" className="grid divide-y divide-gray-100">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-gray-900">
                    {deviceName(session)}
                    {session.current && (
                      <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-700">This device</span>
                    )}
                  </p>
                  <p className="text-sm text-gray-500">
                    {signInText(session)} · {countryName(session.country)} · {lastActive(session.last_active_at)}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    aria-label={`Revoke ${deviceName(session)}`}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate({ id: session.id })}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <div>
            <Button variant="danger" disabled={others === 0 || revokeOthers.isPending} onClick={() => revokeOthers.mutate()}>
              Sign out of all other sessions
            </Button>
          </div>
        </>
      )}
    </PanelBlock>
  );
}
