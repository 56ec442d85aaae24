import type { Metadata } from "next";
import { LinksManager } from "@/components/links/links-manager";

export const metadata: Metadata = { title: "Links manager" };

export default function Page() {
  return <LinksManager />;
}
