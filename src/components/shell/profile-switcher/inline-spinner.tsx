/** A small spinner beside a profile that is being switched to or deleted. */
export function InlineSpinner() {
  return <span aria-hidden className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-brand-100 border-t-brand-600" />;
}
