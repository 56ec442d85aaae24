"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/react";
import { formatCount, formatPercent } from "./format";
import { signupsQuery } from "./insights-view";
import type { InsightsView } from "./use-insights-view";

/**
 * Email sign-ups beside clicks: confirmed sign-ups of the period, the sign-up rate (per unique
 * visitor) and a bar per day (docs/product/audience.md#the-audience-screen).
 */
export function SignupsCard({ view, tz }: { view: InsightsView; tz: string }) {
  const trpc = useTRPC();
  const { data } = useQuery({ ...signupsQuery(trpc.audience, view, tz), placeholderData: keepPreviousData });
  const perDay = data?.per_day ?? [];
  const most = Math.max(1, ...perDay.map((day) => day.signups));
  return (
    <section aria-labelledby="stat-email-sign-ups" className="rounded-2xl border border-gray-200 bg-white p-5">
      <h2 id="stat-email-sign-ups" className="text-sm font-medium text-gray-600">
        Email Sign-ups
      </h2>
      <p className="mt-1 text-2xl font-bold text-gray-900" data-testid="signups-total">
        {formatCount(data?.signups ?? 0)}
      </p>
      <p className="mt-1 text-xs text-gray-600">
        Sign-up rate <span data-testid="signup-rate">{formatPercent(data?.signup_rate ?? 0)}</span>: confirmed sign-ups per unique visitor.
      </p>
      <ol className="mt-3 flex h-10 items-end gap-px" aria-label="Confirmed sign-ups per day">
        {perDay.map((day) => (
          <li
            key={day.date}
            className="flex-1 rounded-sm bg-brand-500"
            style={{ height: `${Math.max(2, (day.signups / most) * 100)}%`, opacity: day.signups ? 1 : 0.2 }}
            title={`${day.date}: ${day.signups}`}
          >
            <span className="sr-only">
              {day.date}: {day.signups}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
