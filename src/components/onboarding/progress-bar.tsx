import { stepNumber, TOTAL_STEPS, type StepId } from "./steps";

/** "Step n of 9" with a bar; the bar is exposed to assistive technology as a progressbar. */
export function ProgressBar({ step }: { step: StepId }) {
  const current = stepNumber(step);
  return (
    <div className="w-full max-w-xs">
      <p className="mb-1.5 text-right text-xs font-medium text-gray-500">
        Step {current} of {TOTAL_STEPS}
      </p>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={1}
        aria-valuemax={TOTAL_STEPS}
        aria-valuenow={current}
        aria-valuetext={`Step ${current} of ${TOTAL_STEPS}`}
        className="h-1.5 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${(current / TOTAL_STEPS) * 100}%` }} />
      </div>
    </div>
  );
}
