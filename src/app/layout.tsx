import "./globals.css";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { HydrationSignal } from "@/components/hydration-signal";
import { inter } from "@/components/ui/inter-font";

export const metadata: Metadata = {
  title: { default: "Linkbio — one link for everything you are", template: "%s · Linkbio" },
  description: "Create a page that holds all your links, design it your way, and see who visits.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** No client providers here: each signed-in or auth layout adds the ones it needs. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen font-sans">
        {children}
        {/* Last in the body: its effect runs after those of the page before it, once the root has hydrated. */}
        <HydrationSignal />
      </body>
    </html>
  );
}
