import type { Metadata } from "next";
import { DashboardLinks } from "@/components/links/dashboard-links";
import { VerifyEmailBanner } from "@/components/shell/verify-email-banner";

export const metadata: Metadata = { title: "Links" };

export default function Page() {
  return (
    <>
      <VerifyEmailBanner />
      <DashboardLinks />
    </>
  );
}
