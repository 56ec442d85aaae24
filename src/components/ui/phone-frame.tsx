import type { ReactNode } from "react";

/** A phone-shaped frame at most 320x640 (docs/product/ui-conventions.md#phone-preview); its screen scrolls on its own. */
export function PhoneFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure aria-label={label} className="mx-auto w-full max-w-[320px] rounded-[2.75rem] bg-gray-950 p-2.5 shadow-2xl shadow-gray-900/25">
      <div className="relative h-[min(640px,75vh)] overflow-hidden rounded-[2.25rem] bg-white">
        <span aria-hidden="true" className="absolute top-2.5 left-1/2 z-10 h-5 w-24 -translate-x-1/2 rounded-full bg-gray-950" />
        <div className="h-full overflow-y-auto overscroll-contain">{children}</div>
      </div>
    </figure>
  );
}
