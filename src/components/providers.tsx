"use client";

import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import type { ReactNode } from "react";
import { AppOriginProvider } from "@/components/app-origin";
import { FlashToast } from "@/components/ui/flash-toast";
import { AppToaster } from "@/components/ui/toaster";
import { TRPCReactProvider } from "@/trpc/react";

/** `origin` is the server's public origin (appOrigin()), from which every shown or copied address is built. */
export function Providers({ session, origin, children }: { session?: Session | null; origin: string; children: ReactNode }) {
  return (
    <SessionProvider session={session} refetchOnWindowFocus={false}>
      <AppOriginProvider origin={origin}>
        <TRPCReactProvider>
          {children}
          <AppToaster />
          <FlashToast />
        </TRPCReactProvider>
      </AppOriginProvider>
    </SessionProvider>
  );
}
