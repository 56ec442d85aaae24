import { PageHeader } from "./page-header";

/** Spec section 2: these sections only say 'Coming soon...'. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="rounded-2xl border border-dashed border-gray-300 bg-white p-12 text-center text-gray-500">Coming soon...</div>
    </>
  );
}
