import "@/app/globals.css";
import type { AppProps } from "next/app";
import { inter } from "@/components/ui/inter-font";

// The theme's --font-sans reads --font-inter where it is declared, on :root, so the font's
// variable goes there too (the app router's layout puts inter.variable on <html>).
const fontVariable = `:root{--font-inter:${inter.style.fontFamily}}`;

/** The pages router holds only the marketing pages, which render without React on the client. */
export default function MarketingApp({ Component, pageProps }: AppProps) {
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: fontVariable }} />
      <Component {...pageProps} />
    </>
  );
}
