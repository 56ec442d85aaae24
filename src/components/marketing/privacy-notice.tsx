import type { ReactNode } from "react";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-gray-950">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-gray-700">{children}</div>
    </section>
  );
}

/** The privacy notice: how visits and clicks are counted without cookies or stored addresses. */
export function PrivacyNotice() {
  return (
    <article className="mx-auto max-w-3xl px-5 py-16 sm:px-8 lg:py-24">
      <h1 className="text-4xl font-bold tracking-tight text-gray-950 sm:text-5xl">Privacy Notice</h1>
      <p className="mt-6 text-lg text-gray-700">
        Linkbio counts visits and clicks so creators can see what works, without cookies for visitors, without keeping anyone&apos;s IP
        address and without third-party trackers.
      </p>
      <div className="mt-12 space-y-12">
        <Section id="visitors" title="Visitors to a Linkbio page">
          <p>
            For each page view and link click we store the time, the page and link, the device type, browser and operating system, the
            country, the host of the page you came from, and a visitor hash.
          </p>
          <p>
            The visitor hash is a SHA-256 digest of your IP address and browser signature together with a salt that changes every UTC day.
            The salt is derived from a server secret and never stored, so a hash cannot be turned back into an address, and the same visitor
            gets a different hash tomorrow: we can count unique visitors within a day, never follow anyone across days.
          </p>
          <p>
            Your IP address itself is never written to the database. It is used while your request is answered: to look up the country in a
            database bundled with the app, and to count one address once per link per hour and once per page per 30 minutes. Those repeat
            checks keep only a hash of the day&apos;s salt, the page or link and the address, and are deleted after two hours.
          </p>
          <p>Bots, link previews and prefetches, and a creator viewing their own page are not counted at all.</p>
        </Section>
        <Section id="cookies" title="Cookies">
          <p>
            Public Linkbio pages set no cookies and use no local storage for analytics. A page loads its fonts, styles and script from
            Linkbio itself; it contacts another site only when its creator added background music from a video site.
          </p>
          <p>
            This site&apos;s own pages (the home page, sign-up and log-in) use the sign-in system&apos;s strictly necessary cookies: a CSRF
            token and the page to return to after signing in. Creators who sign in also get one session cookie (HTTP-only, and Secure over
            HTTPS) that keeps them signed in and ends when they log out. There are no advertising or tracking cookies.
          </p>
        </Section>
        <Section id="creators" title="Creators and their accounts">
          <p>
            We keep your email address, your name if you give it, your pages, links, design and settings. Passwords are stored only as
            argon2id hashes. For each signed-in device we keep the browser, operating system, country and when it was last active, so you
            can review and end sessions in Settings, but never its address.
          </p>
          <p>
            Deleting your account in Settings deletes it with its profiles, links, designs, settings, sign-in tokens and analytics, and the
            images no other account shows.
          </p>
        </Section>
      </div>
    </article>
  );
}
