import { PageHeader } from "./page-header";

/** Placeholder sections that only say 'Coming soon...' (docs/product/ui-conventions.md#placeholders). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-500">Coming soon...</div>
    </>
  );
}
