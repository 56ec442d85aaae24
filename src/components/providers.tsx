"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { FlashToast } from "@/components/ui/flash-toast";
import { AppToaster } from "@/components/ui/toaster";
import { TRPCReactProvider } from "@/trpc/react";

export function Providers({ session, children }: { session?: Session | null; children: ReactNode }) {
  return (
    <SessionProvider session={session} refetchOnWindowFocus={false}>
      <TRPCReactProvider>
        {children}
        <AppToaster />
        <FlashToast />
      </TRPCReactProvider>
    </SessionProvider>
  );
}
