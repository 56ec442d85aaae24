"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import { SwitchField } from "@/components/ui/switch-field";
import type { TwoFactorProof } from "@/lib/schemas/two-factor";
import { serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { ProofForm } from "./proof-form";
import { RecoveryCodesView } from "./recovery-codes-view";
import { SetupStep } from "./setup-step";

type Step =
  | { name: "idle" }
  | { name: "setup"; setup: { secret: string; otpauth_url: string } }
  | { name: "codes"; codes: string[] }
  | { name: "disable" | "regenerate" };

/** Settings › Security › Two-Factor Authentication: set-up with an authenticator app, recovery codes, turning off. */
export function TwoFactorPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const [step, setStep] = useState<Step>({ name: "idle" });
  const [proofError, setProofError] = useState<string | undefined>();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() }),
    ]);
  const failed = (error: unknown) => setProofError(serverFailure(error)?.message ?? "Something went wrong. Please try again.");

  const setup = useMutation(
    trpc.twoFactor.setup.mutationOptions({
      onSuccess: (result) => setStep({ name: "setup", setup: result }),
      onError: (error) => toast.error(serverFailure(error)?.message ?? "Failed to start two-factor set-up"),
    }),
  );
  const disable = useMutation(
    trpc.twoFactor.disable.mutationOptions({
      onSuccess: async () => {
        setStep({ name: "idle" });
        toast.success("Two-factor authentication turned off");
        await refresh();
      },
      onError: failed,
    }),
  );
  const regenerate = useMutation(
    trpc.twoFactor.regenerateRecoveryCodes.mutationOptions({
      onSuccess: async (result) => {
        setStep({ name: "codes", codes: result.recovery_codes });
        await refresh();
      },
      onError: failed,
    }),
  );

  const enabled = status.data?.enabled ?? false;
  const showProof = (name: "disable" | "regenerate") => {
    setProofError(undefined);
    setStep({ name });
  };
  const prove = (proof: TwoFactorProof) => (step.name === "disable" ? disable.mutate(proof) : regenerate.mutate(proof));

  return (
    <PanelBlock title="Two-Factor Authentication" description="A code from an authenticator app on top of your password.">
      {status.isError ? (
        <p role="alert" className="text-sm text-red-600">
          We couldn&apos;t load your two-factor settings.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void status.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <SwitchField
          label="Two-Factor Authentication"
          description={
            !status.data
              ? "Loading..."
              : enabled
                ? `On: log-in asks for a code. ${status.data.recovery_codes_left} of 10 recovery codes left.`
                : step.name === "setup"
                  ? "Off until you enter a code from your app below."
                  : "Off: log-in asks only for your password."
          }
          // It reads "on" only once the server has it on: during setup it is still off.
          checked={enabled}
          disabled={!status.data || setup.isPending || step.name === "codes" || step.name === "setup"}
          onChange={(on) => (on ? setup.mutate() : showProof("disable"))}
        />
      )}
      {step.name === "setup" && (
        <SetupStep
          setup={step.setup}
          onCancel={() => setStep({ name: "idle" })}
          onEnabled={(codes) => {
            toast.success("Two-factor authentication turned on");
            setStep({ name: "codes", codes });
            void refresh();
          }}
        />
      )}
      {step.name === "codes" && <RecoveryCodesView codes={step.codes} onDone={() => setStep({ name: "idle" })} />}
      {(step.name === "disable" || step.name === "regenerate") && (
        <ProofForm
          label={step.name === "disable" ? "Turn off two-factor authentication" : "New recovery codes"}
          submitText={step.name === "disable" ? "Turn off" : "Get new recovery codes"}
          pending={disable.isPending || regenerate.isPending}
          error={proofError}
          onEdit={() => setProofError(undefined)}
          onSubmit={prove}
          onCancel={() => setStep({ name: "idle" })}
        />
      )}
      {enabled && step.name === "idle" && (
        <div>
          <Button variant="secondary" onClick={() => showProof("regenerate")}>
            Get new recovery codes
          </Button>
        </div>
      )}
    </PanelBlock>
  );
}
