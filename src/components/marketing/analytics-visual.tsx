const stats = [
  { label: "Views", value: "12.4K", change: "+18%" },
  { label: "Clicks", value: "3.2K", change: "+9%" },
  { label: "Click rate", value: "25.8%", change: "+4%" },
];

const days = [
  { day: "Mon", views: 45, clicks: 14 },
  { day: "Tue", views: 62, clicks: 20 },
  { day: "Wed", views: 54, clicks: 15 },
  { day: "Thu", views: 78, clicks: 26 },
  { day: "Fri", views: 92, clicks: 31 },
  { day: "Sat", views: 70, clicks: 22 },
  { day: "Sun", views: 84, clicks: 27 },
];

const topLinks = [
  { title: "Shop the spring collection", share: 46 },
  { title: "Watch: throwing a vase", share: 31 },
  { title: "Join my newsletter", share: 23 },
];

/** A mock insights panel: summary numbers, a week of bars and top links. */
export function AnalyticsVisual() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto w-full max-w-md rounded-3xl bg-white p-5 text-gray-950 shadow-2xl shadow-brand-500/20 sm:p-6"
    >
      <div className="flex items-center justify-between">
        <p className="text-lg font-bold">Insights</p>
        <span className="rounded-full bg-gray-100 px-3 py-1 text-xs font-medium text-gray-600">Last 7 days</span>
      </div>
      <div className="mt-4 grid grid-cols-3 gap-2">
        {stats.map((s) => (
          <div key={s.label} className="rounded-2xl bg-brand-50 p-3">
            <p className="text-[11px] font-medium text-gray-600">{s.label}</p>
            <p className="mt-1 text-lg font-bold sm:text-xl">{s.value}</p>
            <p className="text-[11px] font-semibold text-emerald-700">{s.change}</p>
          </div>
        ))}
      </div>
      <div className="mt-5 flex h-36 items-end justify-between gap-2 border-b border-gray-200 pb-1">
        {days.map((d) => (
          <div key={d.day} className="flex h-full flex-1 items-end justify-center gap-1">
            <span className="w-1/2 rounded-t-md bg-brand-500" style={{ height: `${d.views}%` }} />
            <span className="w-1/3 rounded-t-md bg-lime" style={{ height: `${d.clicks}%` }} />
          </div>
        ))}
      </div>
      <div className="mt-1.5 flex justify-between gap-2 text-center text-[10px] text-gray-500">
        {days.map((d) => (
          <span key={d.day} className="flex-1">
            {d.day}
          </span>
        ))}
      </div>
      <p className="mt-5 text-sm font-semibold">Top links</p>
      <ul className="mt-3 space-y-2.5">
        {topLinks.map((link) => (
          <li key={link.title} className="text-xs">
            <div className="flex justify-between gap-3">
              <span className="truncate font-medium">{link.title}</span>
              <span className="text-gray-500">{link.share}%</span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-gray-100">
              <div className="h-2 rounded-full bg-forest" style={{ width: `${link.share * 2}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
