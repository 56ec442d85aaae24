"use client";

import type { ReactNode } from "react";
import { FlashToast } from "@/components/ui/flash-toast";
import { AppToaster } from "@/components/ui/toaster";
import { TRPCReactProvider } from "@/trpc/react";

/**
 * The client providers of every app-router page. No next-auth SessionProvider: nothing reads its
 * context (the server decides who is signed in, and next-auth's signIn/signOut work without it),
 * and the session it fetched on load changed that context while the page's forms could still be
 * server HTML waiting for their script, which made React re-render them and drop what was typed.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <TRPCReactProvider>
      {children}
      <AppToaster />
      <FlashToast />
    </TRPCReactProvider>
  );
}
