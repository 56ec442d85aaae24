import { bestYearlySaving, type BillingPeriod } from "./pricing-plans";

const PERIODS: { id: BillingPeriod; label: string }[] = [
  { id: "monthly", label: "Monthly" },
  { id: "yearly", label: "Yearly" },
];

/** Monthly / Yearly switch: two toggle buttons, the pressed one is the period shown. */
export function BillingToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  return (
    <div role="group" aria-label="Billing period" className="inline-flex rounded-full bg-gray-200 p-1">
      {PERIODS.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          aria-pressed={period === id}
          onClick={() => onChange(id)}
          className={`rounded-full px-5 py-2 text-sm font-semibold transition ${
            period === id ? "bg-white text-gray-900 shadow" : "text-gray-600 hover:text-gray-900"
          }`}
        >
          {label}
          {id === "yearly" && <span className="ml-1.5 text-xs font-medium text-green-700">Save up to {bestYearlySaving()}%</span>}
        </button>
      ))}
    </div>
  );
}
