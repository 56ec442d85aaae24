import { Button } from "@/components/ui/button";
import { FeatureList } from "@/components/ui/feature-list";
import { formatPrice, pricePerMonth, type BillingPeriod, type Plan } from "./pricing-plans";

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  selected: boolean;
  disabled: boolean;
  onChoose: () => void;
}

/** One column of the plan comparison. */
export function PlanCard({ plan, period, selected, disabled, onChoose }: PlanCardProps) {
  const price = pricePerMonth(plan, period);
  const headingId = `plan-${plan.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-3xl border-2 bg-white p-6 ${plan.highlighted ? "border-brand-600 shadow-xl shadow-brand-600/10" : "border-gray-200"}`}
    >
      {plan.highlighted && (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Most popular</span>
      )}
      <h2 id={headingId} className="text-xl font-bold text-gray-900">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{plan.tagline}</p>
      <p className="mt-5">
        <span className="text-4xl font-extrabold tracking-tight text-gray-950">{formatPrice(price)}</span>
        <span className="text-gray-500">/month</span>
      </p>
      <p className="mt-1 min-h-5 text-sm text-gray-500">
        {plan.monthly === 0 ? "Free forever" : period === "yearly" ? `${formatPrice(plan.yearlyTotal)} billed yearly` : "Billed monthly"}
      </p>
      <FeatureList features={plan.features} className="mt-6 flex-1 content-start text-gray-700" />
      <Button variant={plan.highlighted ? "primary" : "secondary"} disabled={disabled} onClick={onChoose} className="mt-8 w-full py-3">
        {selected ? "Continuing..." : plan.cta}
      </Button>
    </section>
  );
}
