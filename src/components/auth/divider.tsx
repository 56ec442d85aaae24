export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-gray-500 uppercase">
      <span className="h-px flex-1 bg-gray-200" /> or <span className="h-px flex-1 bg-gray-200" />
    </div>
  );
}
