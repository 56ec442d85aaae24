import { Head, Html, Main, NextScript } from "next/document";

/** The app router's icon files (src/app/icon.svg and friends) serve these pages too. */
export default function MarketingDocument() {
  return (
    <Html lang="en">
      <Head>
        <link rel="icon" href="/favicon.ico" sizes="32x32" type="image/x-icon" />
        <link rel="icon" href="/icon.svg" sizes="any" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-icon.png" sizes="180x180" type="image/png" />
      </Head>
      <body className="min-h-screen font-sans">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
