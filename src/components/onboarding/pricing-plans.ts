/** The onboarding price table (docs/product/accounts.md#plans): one place for every number. */
export const FREE_TRIAL_DAYS = 7;

export type BillingPeriod = "monthly" | "yearly";
export type PlanId = "free" | "pro" | "premium";

export interface Plan {
  id: PlanId;
  name: string;
  tagline: string;
  /** Dollars per month when billed monthly. */
  monthly: number;
  /** Dollars per month when billed yearly, and the yearly total. */
  yearlyPerMonth: number;
  yearlyTotal: number;
  features: string[];
  cta: string;
  highlighted?: boolean;
}

export const PLANS: Plan[] = [
  {
    id: "free",
    name: "Free",
    tagline: "Everything you need to get started.",
    monthly: 0,
    yearlyPerMonth: 0,
    yearlyTotal: 0,
    features: ["Unlimited links", "Basic analytics", "Custom username", "Basic themes", "Seller fees 9%"],
    cta: "Continue with Free",
  },
  {
    id: "pro",
    name: "Pro",
    tagline: "Grow and customize your page.",
    monthly: 9,
    yearlyPerMonth: 7.5,
    yearlyTotal: 90,
    features: ["Advanced analytics", "Removal of branding", "Priority support", "Custom themes", "Background music", "SEO tools"],
    cta: `Try Pro free for ${FREE_TRIAL_DAYS} days`,
    highlighted: true,
  },
  {
    id: "premium",
    name: "Premium",
    tagline: "For teams and growing brands.",
    monthly: 24,
    yearlyPerMonth: 19.5,
    yearlyTotal: 234,
    features: ["Team collaboration", "API access", "White label", "Custom domain", "Advanced integrations", "24/7 support"],
    cta: "Choose Premium",
  },
];

export function planById(id: PlanId): Plan {
  return PLANS.find((plan) => plan.id === id)!;
}

/** "$9", "$7.50". */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

export function pricePerMonth(plan: Plan, period: BillingPeriod): number {
  return period === "yearly" ? plan.yearlyPerMonth : plan.monthly;
}

/** The best yearly discount across the paid plans, rounded down to whole percent. */
export function bestYearlySaving(): number {
  const savings = PLANS.filter((plan) => plan.monthly > 0).map((plan) => 1 - plan.yearlyTotal / (plan.monthly * 12));
  return Math.floor(Math.max(...savings) * 100);
}
