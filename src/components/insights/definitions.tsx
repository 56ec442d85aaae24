/** What the numbers count, in words a creator can check against their own visits (docs/analytics.md#analytics). */
export function Definitions() {
  return (
    <section
      aria-labelledby="insights-how-we-count"
      className="rounded-2xl border border-gray-200 bg-white p-5 text-sm text-gray-700 shadow-sm sm:p-6"
    >
      <h2 id="insights-how-we-count" className="text-base font-semibold text-gray-900">
        How we count
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-gray-900">View</dt>
          <dd>
            Someone opened your page. The same visitor (same network address) counts once per 30 minutes, unless they arrive another way
            (another site, campaign or your QR code). Bots, link previews, prefetches and your own visits while signed in are not counted.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-gray-900">Unique visitor</dt>
          <dd>
            A network address seen on a given day, counted the same way for views and clicks. Someone who comes back the next day counts
            again; no cookies are used, and addresses are never stored.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-gray-900">Click</dt>
          <dd>
            Someone opened one of your links from your page. The same visitor counts once per link per hour; bots and your own clicks are
            not counted.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-gray-900">Click rate and visitors who clicked</dt>
          <dd>
            Click rate is clicks per view, so it passes 100% when visitors open several links. Visitors who clicked is the share of unique
            visitors who opened at least one link, never above 100%.
          </dd>
        </div>
      </dl>
    </section>
  );
}
