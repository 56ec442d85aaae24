import type { Metadata } from "next";
import { ComingSoon } from "@/components/ui/coming-soon";

export const metadata: Metadata = { title: "Post ideas" };

export default function Page() {
  return <ComingSoon title="Post ideas" />;
}
