import { exampleProfiles } from "./example-profiles";
import { Marquee } from "./marquee";
import { PhoneMock } from "./phone-mock";

export function ExamplePagesStrip() {
  return (
    <section aria-labelledby="examples-title" className="overflow-hidden bg-white py-20 lg:py-28">
      <div className="mx-auto max-w-3xl px-5 text-center sm:px-8">
        <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase">Made with Linkbio</p>
        <h2 id="examples-title" className="mt-3 text-4xl font-bold tracking-tight text-balance text-gray-950 sm:text-5xl">
          One link, a thousand different looks
        </h2>
        <p className="mt-4 text-lg text-gray-600">
          Musicians, chefs, coaches, shops and studios — every Linkbio is as unique as the person behind it.
        </p>
      </div>
      <div className="mt-12">
        <Marquee label="Example Linkbio pages" duration={60} listClassName="gap-6 py-4 pr-6">
          {exampleProfiles.map((profile) => (
            <li key={profile.handle} className="flex flex-col items-center gap-3">
              <PhoneMock profile={profile} />
              <span className="text-sm font-medium text-gray-500">@{profile.handle}</span>
            </li>
          ))}
        </Marquee>
      </div>
    </section>
  );
}
