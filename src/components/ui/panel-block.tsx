import type { ReactNode } from "react";

/** A titled group of settings inside a section panel. */
export function PanelBlock({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-5 shadow-xs">
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      {description && <p className="mt-0.5 text-sm text-gray-500">{description}</p>}
      <div className="mt-4 grid gap-5">{children}</div>
    </section>
  );
}
