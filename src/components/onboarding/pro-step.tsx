import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { formatPrice, FREE_TRIAL_DAYS, planById } from "./pricing-plans";
import { StepLayout } from "./step-layout";
import { STEP_PATHS } from "./steps";

/** Step 3: the Pro upsell; both answers lead to the plan comparison. */
export function ProStep() {
  const pro = planById("pro");
  return (
    <StepLayout
      step="pro"
      title={`Try Linkbio Pro free for ${FREE_TRIAL_DAYS} days`}
      description="Unlock the tools that help you grow, customize and understand your audience."
      width="narrow"
    >
      <div className="rounded-3xl bg-gradient-to-br from-brand-600 via-violet-600 to-fuchsia-500 p-6 text-white shadow-xl sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-white/80 uppercase">Linkbio Pro</p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {pro.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <span aria-hidden="true" className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-white/20 text-xs">
                ✓
              </span>
              {feature}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-white/90">
          {formatPrice(pro.yearlyPerMonth)}/mo after free trial (when billed annually). Cancel anytime.
        </p>
      </div>
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link href={STEP_PATHS.pricing} className={buttonClass("secondary", "py-3 text-base")}>
          Skip
        </Link>
        <Link href={STEP_PATHS.pricing} className={buttonClass("primary", "py-3 text-base")}>
          {`Try it free for ${FREE_TRIAL_DAYS} days!`}
        </Link>
      </div>
    </StepLayout>
  );
}
