import { exampleProfiles } from "./example-profiles";
import { PhoneMock } from "./phone-mock";

const swatches = ["bg-brand-500", "bg-lime", "bg-forest", "bg-rose-500", "bg-gray-950", "bg-amber-300"];
const shapes = [
  { label: "Rounded", className: "rounded-lg" },
  { label: "Pill", className: "rounded-full" },
  { label: "Square", className: "rounded-none" },
];

/** A mock of the design editor: a few controls next to a live preview. */
export function CustomizeVisual() {
  const preview = exampleProfiles[2] ?? exampleProfiles[0]!;
  return (
    <div aria-hidden="true" className="flex flex-col items-center gap-6 sm:flex-row sm:items-center sm:justify-center">
      <div className="w-full max-w-xs rounded-3xl bg-white p-5 text-gray-950 shadow-2xl shadow-brand-700/30">
        <p className="text-sm font-semibold">Wallpaper</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {swatches.map((swatch, i) => (
            <span
              key={swatch}
              className={`h-8 w-8 rounded-full ${swatch} ${i === 0 ? "ring-2 ring-brand-600 ring-offset-2" : "ring-1 ring-black/10"}`}
            />
          ))}
        </div>
        <p className="mt-5 text-sm font-semibold">Buttons</p>
        <div className="mt-3 grid grid-cols-3 gap-2">
          {shapes.map((shape, i) => (
            <span
              key={shape.label}
              className={`border-2 py-2 text-center text-xs font-medium ${shape.className} ${i === 1 ? "border-brand-600 bg-brand-50 text-brand-700" : "border-gray-200 text-gray-600"}`}
            >
              {shape.label}
            </span>
          ))}
        </div>
        <p className="mt-5 text-sm font-semibold">Font</p>
        <div className="mt-3 flex items-center justify-between rounded-xl border border-gray-200 px-3 py-2 text-sm">
          <span>
            <span className="font-bold">Aa</span> Inter
          </span>
          <span className="text-gray-400">▾</span>
        </div>
        <div className="mt-5 flex items-center justify-between text-sm font-semibold">
          Click animation
          <span className="flex h-6 w-11 items-center rounded-full bg-brand-600 p-0.5">
            <span className="ml-auto h-5 w-5 rounded-full bg-white" />
          </span>
        </div>
      </div>
      <PhoneMock profile={preview} />
    </div>
  );
}
