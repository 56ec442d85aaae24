import { ClaimForm } from "./claim-form";

/** Lower claim block, with the same name-claim field as the hero. */
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
          <div className="mx-auto mt-10 flex max-w-xl justify-center">
            <ClaimForm inputId="claim-banner-username" />
          </div>
        </div>
      </div>
    </section>
  );
}
