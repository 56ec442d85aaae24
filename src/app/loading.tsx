import { FullScreenSpinner } from "@/components/ui/spinner";

export default function Loading() {
  return <FullScreenSpinner />;
}
