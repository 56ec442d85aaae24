"use client";

import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { FeatureList } from "@/components/ui/feature-list";
import { PanelBlock } from "@/components/ui/panel-block";
import { BILLING_PLANS, PAYMENTS_UNAVAILABLE, type BillingPlanId } from "./billing-plans";

/**
 * Billing: the three plans with the account's own labelled 'Current Plan', and the payment method.
 * Changing plan or adding a card needs a payment provider, so those say so instead of pretending.
 */
export function BillingTab({ plan }: { plan: BillingPlanId }) {
  const unavailable = () => toast(PAYMENTS_UNAVAILABLE, { id: "payments-unavailable" });
  return (
    <div className="grid gap-6">
      <PanelBlock title="Plan" description="Every plan includes unlimited links and your own username.">
        <ul className="grid gap-4 md:grid-cols-3">
          {BILLING_PLANS.map((card) => {
            const current = card.id === plan;
            return (
              <li
                key={card.id}
                aria-current={current ? "true" : undefined}
                className={`flex flex-col rounded-2xl border p-5 ${current ? "border-brand-500 ring-2 ring-brand-100" : "border-gray-200"}`}
              >
                <h4 className="text-base font-semibold text-gray-900">{card.name}</h4>
                <p className="mt-1 text-gray-900">
                  <span className="text-3xl font-bold">${card.monthly}</span>
                  <span className="text-sm text-gray-500"> /month</span>
                </p>
                <FeatureList features={card.features} className="mt-4 flex-1 content-start text-gray-600" />
                {current ? (
                  <p className="mt-5 rounded-xl bg-brand-50 px-4 py-2.5 text-center text-sm font-semibold text-brand-700">Current Plan</p>
                ) : (
                  <Button variant="secondary" className="mt-5" onClick={unavailable}>
                    Choose {card.name}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </PanelBlock>
      <PanelBlock title="Payment Method">
        <p className="text-sm text-gray-600">No payment method on file</p>
        <div>
          <Button variant="secondary" onClick={unavailable}>
            Add Payment Method
          </Button>
        </div>
      </PanelBlock>
    </div>
  );
}
