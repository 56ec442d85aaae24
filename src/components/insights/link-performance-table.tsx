import { ChangeBadge } from "./change-badge";
import { countUnit, formatCount, formatPercent } from "./format";
import { EmptyState, SectionCard } from "./section-card";
import type { LinkStat } from "./types";

const header = "px-4 py-3 text-xs font-semibold tracking-wide text-gray-500 uppercase";
const cell = "px-4 py-3 tabular-nums";

/** Link Performance: every link with clicks, unique clicks, click-through rate and trend. */
export function LinkPerformanceTable({ links, onOpen }: { links: LinkStat[]; onOpen: (id: string) => void }) {
  return (
    <SectionCard title="Link Performance" description="How each link did over the period; open a link for its details">
      {links.length === 0 ? (
        <EmptyState text="No link performance data available" />
      ) : (
        // Focusable and named, so keyboard users can scroll the table sideways on narrow screens.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keyboard
        <div role="region" aria-label="Clicks per link (scrolls sideways)" tabIndex={0} className="relative -mx-5 overflow-x-auto sm:-mx-6">
          <table className="w-full min-w-[520px] text-left text-sm">
            <thead className="border-y border-gray-100 bg-gray-50/80">
              <tr>
                <th scope="col" className={`${header} pl-5 sm:pl-6`}>
                  Link
                </th>
                <th scope="col" className={`${header} text-right`}>
                  Clicks
                </th>
                <th scope="col" className={`${header} text-right`}>
                  Unique Clicks
                </th>
                <th scope="col" className={`${header} text-right`}>
                  CTR
                </th>
                <th scope="col" className={`${header} pr-5 text-right sm:pr-6`}>
                  Trend
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {links.map((link) => (
                <tr key={link.id} className="hover:bg-gray-50/60">
                  <th scope="row" className="max-w-64 truncate py-3 pr-4 pl-5 font-medium text-gray-900 sm:pl-6" title={link.title}>
                    <button
                      type="button"
                      onClick={() => onOpen(link.id)}
                      aria-haspopup="dialog"
                      className="hover:decoration-brand-400 max-w-full truncate text-left underline decoration-gray-300 underline-offset-2 hover:text-brand-700"
                    >
                      {link.title}
                    </button>
                  </th>
                  <td className={`${cell} text-right text-gray-700`}>
                    {formatCount(link.clicks)}
                    {link.counted_as === "plays" && <span className="ml-1 text-xs text-gray-500">{countUnit(link.clicks, "plays")}</span>}
                  </td>
                  <td className={`${cell} text-right text-gray-700`}>{formatCount(link.unique_clicks)}</td>
                  <td className={`${cell} text-right text-gray-700`}>{formatPercent(link.ctr)}</td>
                  <td className={`${cell} pr-5 text-right sm:pr-6`}>
                    <ChangeBadge value={link.trend} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
