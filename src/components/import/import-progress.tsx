import type { z } from "zod";
import type { importProgress } from "@/lib/schemas/import";

type Progress = z.infer<typeof importProgress>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** While the import runs: which step it is on and how far, as the server reports it (a bar without numbers until it does). */
export function ImportProgressBar({ links, progress }: { links: number; progress: Progress }) {
  const images = progress ? progress.total - 1 : 0;
  const text =
    progress?.phase === "images"
      ? `Copying images: ${progress.done} of ${images}…`
      : progress?.phase === "saving" || progress?.phase === "done"
        ? `Saving ${plural(links, "link")}…`
        : `Importing ${plural(links, "link")}…`;
  return (
    <div role="status" aria-live="polite" className="text-brand-800 grid gap-2 rounded-xl bg-brand-50 p-4 text-sm">
      <span>{text} Large pages take a few seconds; nothing is saved until every step is done.</span>
      <progress
        className="h-2 w-full accent-brand-600"
        aria-label="Import progress"
        {...(progress && { value: progress.done, max: progress.total })}
      />
    </div>
  );
}
