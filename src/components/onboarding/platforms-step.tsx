"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MAX_PLATFORMS, PLATFORMS, type Platform } from "@/lib/onboarding/platforms";
import { platformsQuery } from "./platform-query";
import { PlatformToggle } from "./platform-toggle";
import { StepLayout } from "./step-layout";
import { STEP_PATHS } from "./steps";
import { useStepNavigation } from "./use-step-navigation";

/** Step 6: up to five platforms; the choice travels to the links step in the query string. */
export function PlatformsStep({ initial }: { initial: Platform[] }) {
  const [selected, setSelected] = useState<Platform[]>(initial);
  const { go, navigating } = useStepNavigation();
  const full = selected.length >= MAX_PLATFORMS;

  function toggle(platform: Platform) {
    setSelected((current) =>
      current.includes(platform)
        ? current.filter((item) => item !== platform)
        : current.length < MAX_PLATFORMS
          ? [...current, platform]
          : current,
    );
  }

  return (
    <StepLayout
      step="platforms"
      title="Which platforms are you on?"
      description={`Pick up to ${MAX_PLATFORMS} and we'll help you add them to your page.`}
      width="medium"
    >
      <p aria-live="polite" className="mb-4 text-sm font-medium text-gray-600">
        {selected.length}/{MAX_PLATFORMS} selected
      </p>
      <div role="group" aria-label="Platforms" className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:grid-cols-3">
        {PLATFORMS.map((platform) => {
          const pressed = selected.includes(platform);
          return (
            <PlatformToggle
              key={platform}
              platform={platform}
              pressed={pressed}
              disabled={navigating || (full && !pressed)}
              onToggle={() => toggle(platform)}
            />
          );
        })}
      </div>
      <div className="mt-10 flex justify-between gap-3">
        <Button variant="secondary" disabled={navigating} onClick={() => go(STEP_PATHS.templates)} className="py-3">
          Back
        </Button>
        <Button disabled={navigating} onClick={() => go(`${STEP_PATHS.addLinks}${platformsQuery(selected)}`)} className="px-8 py-3">
          {navigating ? "Loading..." : "Continue"}
        </Button>
      </div>
    </StepLayout>
  );
}
