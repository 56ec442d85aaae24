"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import { isProofAsked, onProofAsked } from "@/trpc/identity-prompt";

// The prompt (its form, next-auth's sign-out, the sudo rules) is fetched only when a change asks for a proof.
const ConfirmIdentityPrompt = dynamic(() => import("./confirm-identity-prompt").then((module) => module.ConfirmIdentityPrompt), {
  ssr: false,
});

/**
 * "Confirm it's you": opened by any sensitive change the server refused for want of a fresh proof
 * (sudo mode). The password, else a code or a passkey; once proven the change is sent again.
 */
export function ConfirmIdentityDialog() {
  const open = useSyncExternalStore(onProofAsked, isProofAsked, () => false);
  return open ? <ConfirmIdentityPrompt /> : null;
}
