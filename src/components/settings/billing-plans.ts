import type { ProfileDto } from "@/lib/schemas/profile";

/** The plans as Settings › Billing shows them: Free $0, Pro $9 and Business $29 a month (docs/product/accounts.md#plans). */
export type BillingPlanId = ProfileDto["subscription_plan"];

export interface BillingPlan {
  id: BillingPlanId;
  name: string;
  monthly: number;
  features: string[];
}

export const BILLING_PLANS: BillingPlan[] = [
  { id: "free", name: "Free", monthly: 0, features: ["Unlimited links", "Basic analytics", "Custom username", "Basic themes"] },
  {
    id: "pro",
    name: "Pro",
    monthly: 9,
    features: ["Everything in Free", "Advanced analytics", "Removal of branding", "Custom themes", "Priority support"],
  },
  {
    id: "business",
    name: "Business",
    monthly: 29,
    features: ["Everything in Pro", "Several team members", "Data export", "Dedicated support"],
  },
];

/** Shown for the actions that need a payment provider, which this installation does not have. */
export const PAYMENTS_UNAVAILABLE = "Online payments are not available yet";
