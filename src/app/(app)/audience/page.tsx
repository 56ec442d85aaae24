import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Audience" };

export default function Page() {
  return <ComingSoon title="Audience" />;
}
