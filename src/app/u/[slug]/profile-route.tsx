import "@/components/profile-page/fonts";
import "@/components/profile-page/profile-page.css";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { ProfileStatus } from "@/components/profile-page/profile-status";
import { ProfileView } from "@/components/profile-page/profile-view";
import { authOptions } from "@/server/auth/options";
import { db } from "@/server/db/client";
import { loadPublicProfile } from "@/server/services/public-profile";

interface Props {
  params: Promise<{ slug: string }>;
}

// One load per request, shared by the metadata and the page.
const load = cache(async (slug: string) => {
  const viewer = await getServerSession(authOptions);
  return loadPublicProfile(db(), decodeURIComponent(slug), viewer?.user?.id ?? null);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await load((await params).slug);
  if (result.status !== "ok") return { title: result.status === "private" ? "Profile Not Available" : "Profile Not Found", robots: { index: false } };
  const { data } = result;
  const name = data.display_name || data.title || `@${data.slug}`;
  const description = data.bio || `${name} on Linkbio`;
  const canonical = `/${data.slug}`;
  return {
    title: { absolute: `${name} | Linkbio` },
    description,
    alternates: { canonical },
    robots: result.visibility === "public" ? undefined : { index: false, follow: false },
    openGraph: { type: "profile", title: name, description, url: canonical, images: data.avatar_url ? [data.avatar_url] : undefined },
    twitter: { card: "summary", title: name, description, images: data.avatar_url ? [data.avatar_url] : undefined },
  };
}

export default async function PublicProfilePage({ params }: Props) {
  const result = await load((await params).slug);
  if (result.status === "not_found") notFound();
  if (result.status === "private") return <ProfileStatus kind="private" />;
  return <ProfileView profile={result.data} mode="page" />;
}
