"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import { TextField } from "@/components/ui/text-field";
import { flashSuccess } from "@/components/ui/flash-toast";
import { changePasswordInput } from "@/lib/schemas/auth";
import { TWO_FACTOR_REQUIRED_PREFIX } from "@/lib/schemas/two-factor";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { ActiveSessions } from "./active-sessions";
import { ApiTokensPanel } from "./api-tokens/api-tokens-panel";
import { WebhooksPanel } from "./webhooks/webhooks-panel";
import { PasskeysPanel } from "./passkeys-panel";
import { TwoFactorPanel } from "./two-factor/two-factor-panel";

const EMPTY = { current_password: "", new_password: "", confirm_password: "" };

/**
 * Security: change the password (current one required), two-factor codes, passkeys, the
 * signed-in devices and API tokens. A new password ends every session, this one too, so this device signs in
 * again with it and stays signed in.
 */
export function SecurityTab({ email }: { email: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: async (_result, input) => {
        const again = await signIn("credentials", { email, password: input.new_password, redirect: false });
        // With two-factor on, signing this device in again needs a code: the log-in page asks for it.
        if (again?.error?.startsWith(TWO_FACTOR_REQUIRED_PREFIX)) {
          flashSuccess("Password updated successfully");
          // A full load: this device's session has ended, so none of its cached queries may survive.
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination
          window.location.assign(`/login?two_factor=${encodeURIComponent(again.error.slice(TWO_FACTOR_REQUIRED_PREFIX.length))}`);
          return;
        }
        setValues(EMPTY);
        setErrors({});
        toast.success("Password updated successfully");
        await queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.queryKey() });
      },
      onError: (error) => {
        setErrors(firstMessages(serverFailure(error)?.fieldErrors ?? {}));
        toast.error("Failed to update password");
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (values.new_password !== values.confirm_password) return setErrors({ confirm_password: "Passwords do not match" });
    const parsed = changePasswordInput.safeParse({ current_password: values.current_password, new_password: values.new_password });
    if (!parsed.success) return setErrors(firstMessages(z.flattenError(parsed.error).fieldErrors));
    change.mutate(parsed.data);
  }

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
    />
  );

  return (
    <div className="grid gap-6">
      <PanelBlock title="Change Password" description="Every other device will need to log in again.">
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
          {field("current_password", "Current Password", "current-password")}
          {field("new_password", "New Password", "new-password")}
          {field("confirm_password", "Confirm New Password", "new-password")}
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? "Updating..." : "Update Password"}
            </Button>
          </div>
        </form>
      </PanelBlock>
      <TwoFactorPanel />
      <PasskeysPanel />
      <ActiveSessions />
      <ApiTokensPanel />
      <WebhooksPanel />
    </div>
  );
}
