import type { Metadata } from "next";
import { Suspense } from "react";
import { InsightsScreen } from "@/components/insights/insights-screen";

export const metadata: Metadata = { title: "Insights" };

export default function Page() {
  // The screen reads its period and filters from the address (useSearchParams).
  return (
    <Suspense>
      <InsightsScreen />
    </Suspense>
  );
}
