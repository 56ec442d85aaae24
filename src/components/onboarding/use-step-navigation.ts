"use client";

import { useRouter } from "next/navigation";
import { useCallback, useTransition } from "react";

/** Navigates to the next step; `navigating` stays true until the new page has rendered. */
export function useStepNavigation() {
  const router = useRouter();
  const [navigating, startTransition] = useTransition();
  const go = useCallback((href: string) => startTransition(() => router.push(href)), [router]);
  return { go, navigating };
}
