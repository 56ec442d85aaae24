"use client";

import { useState } from "react";
import { BillingToggle } from "./billing-toggle";
import { PlanCard } from "./plan-card";
import { PLANS, type BillingPeriod, type PlanId } from "./pricing-plans";
import { StepLayout } from "./step-layout";
import { STEP_PATHS } from "./steps";
import { useStepNavigation } from "./use-step-navigation";

/** Step 4: plan comparison. Choosing stays local (no purchase call exists) and moves on to templates. */
export function PricingView() {
  const [period, setPeriod] = useState<BillingPeriod>("yearly");
  const [chosen, setChosen] = useState<PlanId | null>(null);
  const { go, navigating } = useStepNavigation();

  function choose(plan: PlanId) {
    setChosen(plan);
    go(STEP_PATHS.templates);
  }

  return (
    <StepLayout step="pricing" title="Choose your plan" description="Start free and upgrade whenever you are ready." width="wide">
      <div className="flex justify-center">
        <BillingToggle period={period} onChange={setPeriod} />
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            period={period}
            selected={navigating && chosen === plan.id}
            disabled={navigating}
            onChoose={() => choose(plan.id)}
          />
        ))}
      </div>
    </StepLayout>
  );
}
