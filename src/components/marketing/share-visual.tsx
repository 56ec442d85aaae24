import { Icon } from "./icon";
import { QrCode } from "./qr-code";

const destinations = [
  { label: "Instagram", short: "IG", className: "bg-gradient-to-br from-amber-400 via-rose-500 to-fuchsia-600 text-white" },
  { label: "TikTok", short: "TT", className: "bg-gray-950 text-white" },
  { label: "YouTube", short: "YT", className: "bg-red-600 text-white" },
  { label: "Email", short: "@", className: "bg-brand-600 text-white" },
];

/** A mock share sheet: the page address, a QR code and places to post it. */
export function ShareVisual() {
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-sm rounded-3xl bg-white p-6 text-gray-950 shadow-2xl shadow-forest/25">
      <p className="text-lg font-bold">Share your Linkbio</p>
      <div className="mt-4 flex items-center justify-between gap-3 rounded-2xl bg-gray-100 px-4 py-3">
        <span className="flex min-w-0 items-center gap-2 text-sm font-medium">
          <Icon name="link" className="h-4 w-4 shrink-0 text-brand-600" />
          <span className="truncate">linkbio.app/mayamakes</span>
        </span>
        <span className="flex items-center gap-1 rounded-full bg-white px-3 py-1 text-xs font-semibold shadow-sm">
          <Icon name="copy" className="h-3.5 w-3.5" /> Copy
        </span>
      </div>
      <div className="mt-5 flex flex-col items-center rounded-2xl border border-gray-200 p-5">
        <QrCode className="h-36 w-36" />
        <p className="mt-3 text-sm font-semibold">Scan to visit my Linkbio</p>
        <span className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-forest px-4 py-2 text-xs font-semibold text-lime">
          <Icon name="download" className="h-3.5 w-3.5" /> Download QR code
        </span>
      </div>
      <ul className="mt-5 grid grid-cols-4 gap-2">
        {destinations.map((d) => (
          <li key={d.label} className="flex flex-col items-center gap-1.5">
            <span className={`flex h-11 w-11 items-center justify-center rounded-full text-xs font-bold ${d.className}`}>{d.short}</span>
            <span className="text-[11px] font-medium text-gray-600">{d.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
