"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { USER_GOALS, userGoalSchema } from "@/lib/schemas/profile";
import { useTRPC } from "@/trpc/react";
import { GoalCard } from "./goal-card";
import { GoalIcon } from "./goal-icon";
import { GOAL_OPTIONS } from "./goal-options";
import { StepLayout } from "./step-layout";
import { STEP_PATHS } from "./steps";
import { useStepNavigation } from "./use-step-navigation";

/** Step 2: exactly one of creator, business, personal. */
export function GoalsStep() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useQuery(trpc.profile.me.queryOptions());
  const save = useMutation(trpc.profile.updateMe.mutationOptions());
  const { go, navigating } = useStepNavigation();
  const [picked, setPicked] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const selected = picked ?? me.data?.profile?.user_goal ?? null;
  const busy = save.isPending || navigating;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const goal = userGoalSchema.safeParse(selected);
    if (!goal.success) return setError(goal.error.issues[0]?.message);
    try {
      await save.mutateAsync({ user_goal: goal.data });
      await queryClient.invalidateQueries(trpc.profile.pathFilter());
      go(STEP_PATHS.pro);
    } catch {
      toast.error("Failed to save your selection");
    }
  }

  return (
    <StepLayout step="goals" title="What brings you to Linkbio?" description="Pick the one that fits best. This helps us tailor your page.">
      {me.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset aria-describedby={error ? "goal-error" : undefined} className="grid gap-3">
            <legend className="sr-only">Your goal</legend>
            {USER_GOALS.map((goal) => (
              <GoalCard
                key={goal}
                name="goal"
                value={goal}
                checked={selected === goal}
                disabled={busy}
                onSelect={() => {
                  setPicked(goal);
                  setError(undefined);
                }}
                title={GOAL_OPTIONS[goal].title}
                description={GOAL_OPTIONS[goal].description}
                icon={<GoalIcon goal={goal} />}
              />
            ))}
          </fieldset>
          <p id="goal-error" role="alert" className="mt-3 min-h-5 text-sm text-red-600">
            {error}
          </p>
          <Button type="submit" disabled={busy} className="mt-3 w-full py-3 text-base">
            {busy ? "Saving..." : "Continue"}
          </Button>
        </form>
      )}
    </StepLayout>
  );
}
