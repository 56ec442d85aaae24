export const dynamic = "force-dynamic";
export { default, generateMetadata } from "./profile-route";
