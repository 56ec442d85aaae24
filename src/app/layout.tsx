import "./globals.css";
import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "Linkbio — one link for everything you are", template: "%s · Linkbio" },
  description: "Create a page that holds all your links, design it your way, and see who visits.",
};

// One variable file (48 KB) carries every weight the app uses, where static weights took four (97 KB);
// next/font preloads it and sizes the fallback to match, so the swap moves nothing.
const inter = localFont({
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  variable: "--font-inter",
});

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** No client providers here: the landing and privacy pages ship without them; each signed-in or auth layout adds them. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
