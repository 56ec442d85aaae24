export const dynamic = "force-dynamic";
export { default, generateMetadata } from "../u/[slug]/profile-route";
