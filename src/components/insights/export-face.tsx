export const EXPORT_BUTTON_CLASS =
  "inline-flex h-10 items-center justify-center gap-2 rounded-xl border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 shadow-sm hover:bg-gray-50 disabled:opacity-60";

/** What the Export button shows, the same on the stand-in and on Radix's trigger: a download icon, or a spinner while busy. */
export function ExportFace({ busy }: { busy: boolean }) {
  return (
    <>
      {busy ? (
        <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-gray-300 border-t-gray-700" />
      ) : (
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 4v12m0 0-5-5m5 5 5-5M4 20h16" />
        </svg>
      )}
      Export
    </>
  );
}
