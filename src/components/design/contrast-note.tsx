import type { LowContrast } from "@/lib/design/page-colors";
import { AA_CONTRAST } from "@/lib/design/contrast";

interface ContrastNoteProps {
  /** The creator's own colour reads below AA: say so and offer the nearest colour that reads. */
  low?: LowContrast;
  /** A template colour the page swaps on this background: say what visitors see. */
  adjusted?: string;
  onFix: (color: string) => void;
  /** Names the colour when the note sits beside another control, e.g. "Text color". */
  subject?: string;
}

function Swatch({ color }: { color: string }) {
  return (
    <span aria-hidden className="inline-block h-3.5 w-3.5 shrink-0 rounded-full ring-1 ring-gray-300" style={{ backgroundColor: color }} />
  );
}

/** What a colour control's value does to legibility, beside the control. */
export function ContrastNote({ low, adjusted, onFix, subject }: ContrastNoteProps) {
  if (low) {
    return (
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
        <p>
          {subject && `${subject}: `}Low contrast: {low.ratio.toFixed(1)}:1 against the {low.against}. Needs {AA_CONTRAST}:1.
        </p>
        <button
          type="button"
          onClick={() => onFix(low.fix)}
          className="inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1 font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:outline-none"
        >
          <Swatch color={low.fix} />
          Use {low.fix}
          {subject && ` for ${subject.toLowerCase()}`}
        </button>
      </div>
    );
  }
  if (adjusted) {
    return (
      <p className="mt-2 flex items-center gap-1.5 text-sm text-gray-600">
        <Swatch color={adjusted} />
        {subject ? `${subject}: your` : "Your"} page shows {adjusted} here, so it stays readable.
      </p>
    );
  }
  return null;
}
