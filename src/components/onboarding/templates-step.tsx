"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClass } from "@/components/ui/button";
import { TEMPLATE_NAMES, type TemplateName } from "@/lib/schemas/template-names";
import { useTRPC } from "@/trpc/react";
import { StepLayout } from "./step-layout";
import { STEP_PATHS } from "./steps";
import { TemplateCard } from "./template-card";
import { useStepNavigation } from "./use-step-navigation";

/** After a successful apply, wait this long before moving on. */
const REDIRECT_DELAY_MS = 300;

/** Where a creator who finished onboarding goes from here: their design, never back into onboarding. */
const DESIGN_EDITOR_PATH = "/design";

/** Step 5: pick a starting look, or skip. Once onboarding is done, both lead back to the design editor. */
export function TemplatesStep({ onboarded }: { onboarded: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const apply = useMutation(trpc.design.applyTemplate.mutationOptions());
  const { go, navigating } = useStepNavigation();
  const [chosen, setChosen] = useState<TemplateName | null>(null);
  const [waiting, setWaiting] = useState(false);
  const busy = apply.isPending || waiting || navigating;
  const next = onboarded ? DESIGN_EDITOR_PATH : STEP_PATHS.platforms;

  async function choose(template: TemplateName) {
    setChosen(template);
    try {
      await apply.mutateAsync({ template });
    } catch {
      toast.error("Failed to apply template");
      return;
    }
    toast.success("Template applied successfully");
    void queryClient.invalidateQueries(trpc.profile.preview.queryFilter());
    setWaiting(true);
    setTimeout(() => go(next), REDIRECT_DELAY_MS);
  }

  return (
    <StepLayout
      step="templates"
      title="Pick a template"
      description="Choose a look to start with. You can change everything later in the design editor."
      width="wide"
    >
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TEMPLATE_NAMES.map((template) => (
          <TemplateCard
            key={template}
            template={template}
            applying={busy && chosen === template}
            disabled={busy}
            onChoose={() => void choose(template)}
          />
        ))}
      </div>
      <div className="mt-10 flex justify-center">
        <Link
          href={next}
          aria-disabled={busy}
          tabIndex={busy ? -1 : undefined}
          className={buttonClass("ghost", `py-3 ${busy ? "pointer-events-none opacity-50" : ""}`)}
        >
          {onboarded ? "Back to Design" : "Skip this step"}
        </Link>
      </div>
    </StepLayout>
  );
}
