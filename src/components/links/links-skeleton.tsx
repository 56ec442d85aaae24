/** Placeholder rows while the links load. */
export function LinksSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading links...</span>
      <ul className="grid gap-3" aria-hidden>
        {Array.from({ length: rows }, (_, index) => (
          <li key={index} className="flex animate-pulse items-center gap-4 rounded-2xl border border-gray-200 bg-white p-4">
            <span className="h-11 w-11 rounded-xl bg-gray-200" />
            <span className="grid flex-1 gap-2">
              <span className="h-4 w-1/3 rounded bg-gray-200" />
              <span className="h-3 w-2/3 rounded bg-gray-100" />
            </span>
            <span className="h-8 w-10 rounded bg-gray-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
