import type { Metadata } from "next";
import { DesignEditor } from "@/components/design/design-editor";

export const metadata: Metadata = { title: "Design" };

export default function Page() {
  return <DesignEditor />;
}
