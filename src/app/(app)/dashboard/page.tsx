import type { Metadata } from "next";
import { DashboardLinks } from "@/components/links/dashboard-links";

export const metadata: Metadata = { title: "Links" };

export default function Page() {
  return <DashboardLinks />;
}
