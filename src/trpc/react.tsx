"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import { MAX_TRPC_BATCH } from "@/lib/trpc-batch";
import type { AppRouter } from "@/server/api/root";
import { isUnauthorized, makeQueryClient } from "./query-client";
import { reauthenticateLink } from "./reauthenticate-link";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const SIGN_OUT_GRACE_MS = 5_000;
let signingOutUntil = 0;

/** A deliberate sign-out navigates by itself; requests it leaves in flight must not reload the page under it. */
export function markSigningOut(): void {
  signingOutUntil = Date.now() + SIGN_OUT_GRACE_MS;
}

/** A lapsed session anywhere sends the browser to /login. */
function redirectWhenUnauthorized(error: unknown): void {
  // A full load: the lapsed session's cached queries must not survive into the login page.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  if (isUnauthorized(error) && Date.now() > signingOutUntil && window.location.pathname !== "/login") window.location.assign("/login");
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => makeQueryClient(redirectWhenUnauthorized));
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [reauthenticateLink, httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: MAX_TRPC_BATCH })],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
