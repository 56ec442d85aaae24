import { redirect } from "next/navigation";

/** Any unknown path redirects to /404 (docs/product/ui-conventions.md#not-found-page). */
export default function NotFound() {
  redirect("/404");
}
