import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Instagram auto-reply" };

export default function Page() {
  return <ComingSoon title="Instagram auto-reply" />;
}
