import { NotFoundToast } from "@/components/profile-page/not-found-toast";
import { ProfileStatus } from "@/components/profile-page/profile-status";

export default function ProfileNotFound() {
  return (
    <>
      <ProfileStatus kind="not_found" />
      <NotFoundToast />
    </>
  );
}
