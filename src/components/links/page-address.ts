"use client";

import { useQuery } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { useAppOrigin } from "@/components/app-origin";
import { pagePath } from "@/lib/share/page-path";
import { useTRPC } from "@/trpc/react";

/**
 * The public page's address as the header, Share, Copy Link and the QR code give it: its custom
 * domain while one is active, else on the server's one origin, with its scheme.
 */
export function usePageAddress(slug: string | undefined): string | null {
  const origin = useAppOrigin();
  const trpc = useTRPC();
  const onOwnDomain = useQuery(trpc.domain.pageAddress.queryOptions(undefined, { enabled: Boolean(slug) })).data?.address;
  if (onOwnDomain) return onOwnDomain;
  return slug ? appPageAddress(origin, slug) : null;
}

/** The page's canonical address on the app's origin (docs/product/public-page.md#address). */
export function appPageAddress(origin: string, slug: string): string {
  return `${origin}${pagePath(slug)}`;
}

/** Clipboard API where allowed, else the old selection trick. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or not a secure context: fall through.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("Copy failed");
}

/** Copies the page address and says so in a toast, as Copy Link and the share panel's Copy do. */
export async function copyAddress(address: string | null): Promise<void> {
  if (!address) return;
  try {
    await copyText(address);
    toast.success("Link copied to clipboard!");
  } catch {
    toast.error("Failed to copy link");
  }
}
