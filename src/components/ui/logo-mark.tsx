/** The Linkbio tile (two joined links), plain SVG so pages rendered outside Next can show it too. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#4f46e5" />
      <path
        d="M13.5 18.5a4 4 0 0 0 5.6 0l3.1-3.1a4 4 0 0 0-5.6-5.6l-1 1M18.5 13.5a4 4 0 0 0-5.6 0l-3.1 3.1a4 4 0 0 0 5.6 5.6l1-1"
        fill="none"
        stroke="#d2e823"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
