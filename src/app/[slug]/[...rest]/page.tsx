import { redirect } from "next/navigation";

/** Nothing lives below a profile's address: unknown paths go to /404. */
export default function UnknownPath() {
  redirect("/404");
}
