"use client";

import type { ReactNode } from "react";
import { AppOriginProvider } from "@/components/app-origin";
import { ConfirmIdentityDialog } from "@/components/auth/confirm-identity-dialog";
import { FlashToast } from "@/components/ui/flash-toast";
import { AppToaster } from "@/components/ui/toaster";
import { TRPCReactProvider } from "@/trpc/react";

/**
 * The client providers of every app-router page. `origin` is the server's public origin (appOrigin()),
 * from which every shown or copied address is built. No next-auth SessionProvider: nothing reads its
 * context (the server decides who is signed in, and next-auth's signIn/signOut work without it), and
 * the session it fetched on load changed that context while the page's forms could still be server
 * HTML waiting for their script, which made React re-render them and drop what was typed.
 */
export function Providers({ origin, children }: { origin: string; children: ReactNode }) {
  return (
    <AppOriginProvider origin={origin}>
      <TRPCReactProvider>
        {children}
        <ConfirmIdentityDialog />
        <AppToaster />
        <FlashToast />
      </TRPCReactProvider>
    </AppOriginProvider>
  );
}
