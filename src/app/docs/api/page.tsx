import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "REST API reference" };

/** The interactive REST API reference, rendered from /api/v1/openapi.json. */
export default function ApiDocsPage() {
  return (
    <div className="min-h-screen bg-white">
      {/* React hoists a stylesheet with `precedence` into <head> once; Swagger UI's own CSS is served locally. */}
      {/* eslint-disable-next-line @next/next/no-css-tags */}
      <link rel="stylesheet" href="/docs/api/assets/swagger-ui.css" precedence="default" />
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 px-6 py-4">
        <Link href="/" className="text-lg font-semibold text-gray-900">
          Linkbio <span className="font-normal text-gray-500">REST API</span>
        </Link>
        <nav className="flex gap-4 text-sm text-gray-600">
          <a href="/api/v1/openapi.json" className="hover:text-gray-900">
            OpenAPI 3.1 (JSON)
          </a>
        </nav>
      </header>
      <ApiReference specUrl="/api/v1/openapi.json" />
    </div>
  );
}
