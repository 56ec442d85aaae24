import Link from "next/link";

/** The public page's two non-page states: unknown slug and private profile. */
export function ProfileStatus({ kind }: { kind: "not_found" | "private" }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gray-50 px-6 text-center">
      <h1 className="text-2xl font-bold">{kind === "not_found" ? "Profile Not Found" : "Profile Not Available"}</h1>
      <p className="mt-2 text-gray-600">
        {kind === "not_found" ? "The page you're looking for doesn't exist or has moved." : "This profile is currently private."}
      </p>
      <Link href="/" className="mt-8 rounded-xl bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
        Go to Homepage
      </Link>
    </main>
  );
}
