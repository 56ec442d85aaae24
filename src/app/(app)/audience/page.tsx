import type { Metadata } from "next";
import { AudienceScreen } from "@/components/audience/audience-screen";

export const metadata: Metadata = { title: "Audience" };

export default function Page() {
  return <AudienceScreen />;
}
