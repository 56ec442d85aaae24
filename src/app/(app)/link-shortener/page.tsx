import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Link shortener" };

export default function Page() {
  return <ComingSoon title="Link shortener" />;
}
