import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Social planner" };

export default function Page() {
  return <ComingSoon title="Social planner" />;
}
