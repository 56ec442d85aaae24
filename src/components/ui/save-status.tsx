/** Where controls save as they change: says so, and announces a save under way to screen readers. */
export function SaveStatus({ saving }: { saving: boolean }) {
  return (
    <p aria-live="polite" className="text-sm text-gray-600">
      {saving ? "Saving..." : "Changes are saved as you make them."}
    </p>
  );
}
