import type { Platform } from "@/lib/onboarding/platforms";

/** Brand-coloured initials standing in for each platform's logo. */
const BADGES: Record<Platform, { text: string; className: string }> = {
  instagram: { text: "IG", className: "bg-gradient-to-br from-amber-400 via-pink-500 to-purple-600 text-white" },
  whatsapp: { text: "WA", className: "bg-green-500 text-white" },
  tiktok: { text: "TT", className: "bg-gray-950 text-white" },
  youtube: { text: "YT", className: "bg-red-600 text-white" },
  website: { text: "Web", className: "bg-sky-600 text-white" },
  spotify: { text: "SP", className: "bg-green-600 text-white" },
  threads: { text: "@", className: "bg-gray-900 text-white" },
  facebook: { text: "f", className: "bg-blue-600 text-white" },
  x: { text: "X", className: "bg-black text-white" },
  soundcloud: { text: "SC", className: "bg-orange-500 text-white" },
  snapchat: { text: "SN", className: "bg-yellow-300 text-gray-950" },
  pinterest: { text: "P", className: "bg-red-700 text-white" },
};

export function PlatformBadge({ platform, className = "h-10 w-10 text-sm" }: { platform: Platform; className?: string }) {
  const badge = BADGES[platform];
  return (
    <span aria-hidden="true" className={`flex shrink-0 items-center justify-center rounded-xl font-bold ${badge.className} ${className}`}>
      {badge.text}
    </span>
  );
}
