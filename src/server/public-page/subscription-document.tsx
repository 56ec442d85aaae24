import { renderToStaticMarkup } from "react-dom/server";
import { LogoMark } from "@/components/ui/logo-mark";
import { fontFaceCss } from "./font-css";
import { Head } from "./head";

/** What a subscription page says and offers: a button that posts back, and links. */
export interface SubscriptionPage {
  title: string;
  text: string;
  /** A button posting to this same address (confirming or unsubscribing takes a click, never a mere visit). */
  button?: string;
  links?: { label: string; href: string }[];
}

/** A sign-up's result and the confirmation and unsubscribe pages, in the look of the public page's status pages. */
export function renderSubscriptionDocument(page: SubscriptionPage, formAction?: string): string {
  const markup = renderToStaticMarkup(
    <html lang="en">
      <Head title={`${page.title} | Linkbio`} description="Linkbio" indexable={false} fontCss={fontFaceCss("Inter")} />
      <body className="lb-body lb-status">
        <header className="lb-status-brand">
          <LogoMark className="lb-status-logo" />
          Linkbio
        </header>
        <main className="lb-status-card">
          <h1>{page.title}</h1>
          <p className="lb-status-text">{page.text}</p>
          {page.button && formAction && (
            <form method="post" action={formAction} className="lb-status-actions">
              <button type="submit" className="lb-status-home">
                {page.button}
              </button>
            </form>
          )}
          {page.links && page.links.length > 0 && (
            <div className="lb-status-actions">
              {page.links.map((link, index) => (
                <a key={link.href} className={index === 0 && !page.button ? "lb-status-home" : "lb-status-secondary"} href={link.href}>
                  {link.label}
                </a>
              ))}
            </div>
          )}
        </main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${markup}`;
}
