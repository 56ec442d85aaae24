export function Spinner({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <span
      role="status"
      aria-label="Loading"
      className={`inline-block animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 ${className}`}
    />
  );
}

/** Replaces the whole screen while authentication state loads. */
export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white">
      <Spinner className="h-12 w-12" />
    </div>
  );
}
