import Head from "next/head";

/** Title, description and viewport for a marketing page (the pages router has no metadata export). */
export function MarketingHead({ title, description }: { title: string; description: string }) {
  return (
    <Head>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
    </Head>
  );
}
