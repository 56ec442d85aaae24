import { ClaimForm } from "./claim-form";
import { heroProfile } from "./example-profiles";
import { PhoneMock } from "./phone-mock";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-forest text-white">
      <div aria-hidden="true" className="pointer-events-none absolute -top-32 -right-32 h-96 w-96 rounded-full bg-lime/20 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-14 px-5 pt-14 pb-20 sm:px-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-lime">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-lime" />
            Trusted by 50M+ creators
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-5xl leading-[1.02] font-bold tracking-tight text-balance text-lime sm:text-6xl lg:text-7xl"
          >
            Everything you are. In one simple link.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-white/85 sm:text-xl">
            One link in your bio for everything you create, curate and sell — from Instagram, TikTok, YouTube and every other place your
            audience finds you.
          </p>
          <div className="mt-9">
            <ClaimForm inputId="hero-claim-username" />
            <p className="mt-3 text-sm text-white/70">Free forever. No credit card needed.</p>
          </div>
        </div>
        <div className="relative flex justify-center lg:justify-end">
          <div className="relative">
            <PhoneMock profile={heroProfile} size="lg" />
            <div className="absolute top-24 -left-10 hidden rounded-2xl bg-white px-4 py-3 text-gray-950 shadow-xl sm:block">
              <p className="text-xs font-medium text-gray-500">Views today</p>
              <p className="text-2xl font-bold">
                2,481 <span className="text-sm font-semibold text-emerald-700">+18%</span>
              </p>
            </div>
            <div className="absolute -right-8 bottom-4 hidden rounded-2xl bg-lime px-4 py-3 text-forest shadow-xl sm:block">
              <p className="text-xs font-semibold">New sale</p>
              <p className="text-sm font-bold">Speckled mug · $34</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
