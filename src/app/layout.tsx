import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "./globals.css";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "Linkbio — one link for everything you are", template: "%s · Linkbio" },
  description: "Create a page that holds all your links, design it your way, and see who visits.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** No client providers here: the landing and privacy pages ship without them; each signed-in or auth layout adds them. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
