"use client";

import { useState, type ReactNode } from "react";
import { Logo } from "@/components/ui/logo";
import { PublicPageLink } from "@/components/ui/public-page-link";
import { LogoutButton } from "./logout-button";
import { ProfileSwitcher, type ShellProfile } from "./profile-switcher";
import { SidebarNav } from "./sidebar-nav";

export function AppShell({ profile, children }: { profile: ShellProfile | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-gray-200 bg-white px-4 py-3 lg:hidden">
        <Logo />
        <button
          type="button"
          aria-label={open ? "Close menu" : "Open menu"}
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          className="rounded-lg p-2 hover:bg-gray-100"
        >
          <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d={open ? "M6 6l12 12M18 6 6 18" : "M4 6h16M4 12h16M4 18h16"} />
          </svg>
        </button>
      </header>
      {open && <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/30 lg:hidden" onClick={() => setOpen(false)} />}
      <aside
        aria-label="Sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col gap-6 border-r border-gray-200 bg-white p-4 transition-transform lg:translate-x-0 ${
          open ? "translate-x-0" : "-translate-x-full"
        }`}
      >
        <Logo className="hidden px-2 lg:inline-flex" />
        {/* One column no wider than the sidebar: an auto track would grow to a long name's full width. */}
        <div className="grid grid-cols-1 gap-2">
          <ProfileSwitcher profile={profile} />
          {profile && (
            <PublicPageLink slug={profile.slug} className="px-3 text-sm font-medium text-brand-600 hover:underline">
              View Public Profile ↗
            </PublicPageLink>
          )}
        </div>
        <div className="flex-1 overflow-y-auto">
          <SidebarNav onNavigate={() => setOpen(false)} />
        </div>
        <LogoutButton />
      </aside>
      <div className="lg:pl-64">
        <main className="mx-auto max-w-6xl p-4 sm:p-8">{children}</main>
      </div>
    </div>
  );
}
