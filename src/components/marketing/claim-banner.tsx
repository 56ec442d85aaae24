import Link from "next/link";
import { Icon } from "./icon";
import { SiteHost } from "./site-host";

/** Lower claim block. The field is only a visual prompt; the button always goes to sign-up. */
export function ClaimBanner() {
  return (
    <section aria-labelledby="claim-title" className="bg-white px-5 pb-20 sm:px-8 lg:pb-28">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-[2.5rem] bg-brand-600 px-6 py-16 text-center text-white sm:px-12 lg:py-24">
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-24 -left-16 h-72 w-72 rounded-full bg-brand-700 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-16 h-72 w-72 rounded-full bg-brand-500 blur-3xl" />
        <div className="relative">
          <h2 id="claim-title" className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Jumpstart your corner of the internet today
          </h2>
          <p className="mx-auto mt-5 max-w-xl text-lg text-white/85">Join 70M+ creators who share everything they are with one link.</p>
          <div className="mx-auto mt-10 flex max-w-xl flex-col gap-3 sm:flex-row">
            <label htmlFor="claim-banner-username" className="sr-only">
              Username
            </label>
            <div className="flex min-w-0 flex-1 items-center rounded-2xl bg-white px-4 ring-2 ring-transparent focus-within:ring-lime">
              <SiteHost className="shrink-0 text-base text-gray-500" />
              <input
                id="claim-banner-username"
                type="text"
                placeholder="yourname"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className="h-14 min-w-0 flex-1 bg-transparent text-base font-medium text-gray-950 placeholder:text-gray-400 focus:outline-none focus-visible:outline-none"
              />
            </div>
            <Link
              prefetch={false}
              href="/register"
              className="inline-flex h-14 items-center justify-center gap-2 rounded-2xl bg-lime px-6 text-base font-semibold text-forest transition hover:bg-white focus-visible:outline-white"
            >
              Claim your Linkbio
              <Icon name="arrow-right" className="h-4 w-4" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
