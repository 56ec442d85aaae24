"use client";

import { useParams } from "next/navigation";
import { Spinner } from "@/components/ui/spinner";

export default function LoadingProfile() {
  const { slug } = useParams<{ slug: string }>();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 text-gray-600">
      <Spinner />
      <p>Loading profile @{decodeURIComponent(slug ?? "")}...</p>
    </main>
  );
}
