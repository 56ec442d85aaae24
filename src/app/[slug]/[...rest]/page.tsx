import { redirect } from "next/navigation";

/** Nothing lives below a profile's address: spec section 2 sends unknown paths to /404. */
export default function UnknownPath() {
  redirect("/404");
}
