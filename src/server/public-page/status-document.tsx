import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LogoMark } from "@/components/ui/logo-mark";
import { fontFaceCss } from "./font-css";
import { Head } from "./head";

/** The product's own typeface, as in the app. */
const PRODUCT_FONT = "Inter";

const STATUS: Record<"not_found" | "private", { title: string; text: string; mark: ReactNode }> = {
  not_found: {
    title: "Profile Not Found",
    text: "The page you're looking for doesn't exist or has moved.",
    mark: "404",
  },
  private: {
    title: "Profile Not Available",
    text: "This profile is currently private.",
    mark: (
      <svg
        viewBox="0 0 24 24"
        width="28"
        height="28"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
    ),
  },
};

/** 'Profile Not Found' and 'Profile Not Available' in the product's look, with a way home. */
export function renderStatusDocument(kind: keyof typeof STATUS): string {
  const status = STATUS[kind];
  const markup = renderToStaticMarkup(
    <html lang="en">
      <Head title={`${status.title} | Linkbio`} description="Linkbio" indexable={false} fontCss={fontFaceCss(PRODUCT_FONT)} />
      <body className="lb-body lb-status">
        <header className="lb-status-brand">
          <LogoMark className="lb-status-logo" />
          Linkbio
        </header>
        <main className="lb-status-card">
          <p className="lb-status-mark" aria-hidden="true">
            {status.mark}
          </p>
          <h1>{status.title}</h1>
          <p className="lb-status-text">{status.text}</p>
          <div className="lb-status-actions">
            <a className="lb-status-home" href="/">
              Go to Homepage
            </a>
            {kind === "not_found" && (
              <a className="lb-status-secondary" href="/register">
                Create your own page
              </a>
            )}
          </div>
        </main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}
