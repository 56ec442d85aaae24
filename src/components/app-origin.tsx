"use client";

import { createContext, useContext, type ReactNode } from "react";

const AppOriginContext = createContext<string | null>(null);

/** Hands the server's one public origin (APP_URL, else http://localhost:PORT) to every address the screens show. */
export function AppOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <AppOriginContext.Provider value={origin}>{children}</AppOriginContext.Provider>;
}

/** The public origin, scheme included, e.g. "http://localhost:3000" or "https://links.example.com". */
export function useAppOrigin(): string {
  const origin = useContext(AppOriginContext);
  if (!origin) throw new Error("useAppOrigin needs an AppOriginProvider (the layouts' Providers give one)");
  return origin;
}

/** The origin's host as the username prefixes show it, e.g. "links.example.com". */
export function useAppHost(): string {
  return new URL(useAppOrigin()).host;
}
