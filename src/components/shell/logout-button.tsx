"use client";

import { useRouter } from "next/navigation";
import { flashSuccess } from "@/components/ui/flash-toast";
import { markSigningOut } from "@/trpc/react";

export function LogoutButton() {
  const router = useRouter();
  async function logout() {
    markSigningOut();
    // next-auth's client is fetched on the way out, not with every screen.
    const { signOut } = await import("next-auth/react");
    await signOut({ redirect: false });
    flashSuccess("Logged out successfully");
    router.replace("/login");
    router.refresh();
  }
  return (
    <button
      type="button"
      onClick={() => void logout()}
      className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-sm font-medium text-gray-600 hover:bg-red-50 hover:text-red-700"
    >
      <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l-5-5 5-5M5 12h12" />
      </svg>
      Logout
    </button>
  );
}
