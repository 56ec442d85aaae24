import { redirect } from "next/navigation";

/** Spec section 2: any unknown path redirects to /404. */
export default function NotFound() {
  redirect("/404");
}
