import type { Metadata } from "next";
import { ImportScreen } from "@/components/import/import-screen";
import { StepLayout } from "@/components/onboarding/step-layout";
import { STEP_PATHS } from "@/components/onboarding/steps";

export const metadata: Metadata = { title: "Import your page" };

/** Onboarding's add-links step offers this: the same import, then on to the profile step. */
export default function OnboardingImportPage() {
  return (
    <StepLayout
      step="addLinks"
      title="Import your page"
      description="Bring your links from Linktree, LinkStack, a CSV file or a Linkbio export."
      width="medium"
    >
      <ImportScreen doneHref={STEP_PATHS.profile} />
    </StepLayout>
  );
}
