import { renderableImageUrl } from "@/lib/asset-url";
import type { LinkType } from "@/lib/schemas/link";

const PATHS: Record<LinkType, string> = {
  regular: "M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1",
  header: "M6 4v16M18 4v16M6 12h12",
  social: "M16 8a3 3 0 1 0 0-.01M8 15a3 3 0 1 0 0-.01M16 21a3 3 0 1 0 0-.01M10.6 13.5l2.8-4M10.6 16.5l2.8 2",
  music: "M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z",
  video: "M3 6h13v12H3zM16 10l5-3v10l-5-3",
  payment: "M3 6h18v12H3zM3 10h18M7 15h3",
  signup: "M3 6h18v12H3zM3 7l9 6 9-6",
};

const TINTS: Record<LinkType, string> = {
  regular: "bg-brand-50 text-brand-600",
  header: "bg-gray-100 text-gray-600",
  social: "bg-sky-50 text-sky-600",
  music: "bg-emerald-50 text-emerald-600",
  video: "bg-rose-50 text-rose-600",
  payment: "bg-amber-50 text-amber-600",
  signup: "bg-violet-50 text-violet-600",
};

/** The link's thumbnail, else an icon for its type on a tinted tile. */
export function LinkThumb({ type, thumbnail }: { type: LinkType; thumbnail?: string | null }) {
  const own = renderableImageUrl(thumbnail);
  if (own) return <img src={own} alt="" className="h-11 w-11 shrink-0 rounded-xl bg-gray-100 object-cover" />;
  return (
    <span aria-hidden className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${TINTS[type]}`}>
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={PATHS[type]} />
      </svg>
    </span>
  );
}
