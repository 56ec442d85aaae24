"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import { TextField } from "@/components/ui/text-field";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { loadAccountRules } from "./load-account-rules";

/** Asks for the current password and sends a link to the new address; the address changes only when it is opened. */
export function ChangeEmail() {
  const trpc = useTRPC();
  const [values, setValues] = useState({ new_email: "", current_password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const change = useMutation(
    trpc.auth.changeEmail.mutationOptions({
      onSuccess: (result) => {
        setSent(result.detail);
        setValues({ new_email: "", current_password: "" });
        toast.success("Confirmation link sent");
      },
      onError: (error) => {
        const failure = serverFailure(error);
        setErrors(firstMessages(failure?.fieldErrors ?? {}));
        toast.error(failure?.message ?? "Failed to change email");
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    const rules = await loadAccountRules();
    const parsed = rules.changeEmailInput.safeParse(values);
    if (!parsed.success) return setErrors(rules.fieldMessages(parsed.error));
    setErrors({});
    change.mutate(parsed.data);
  }

  return (
    <PanelBlock title="Change email" description="We send a link to the new address; your email changes when you open it.">
      <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAccountRules()} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New Email Address"
            type="email"
            name="new_email"
            autoComplete="email"
            value={values.new_email}
            error={errors.new_email}
            onChange={(event) => setValues({ ...values, new_email: event.target.value })}
          />
          <TextField
            label="Current Password"
            type="password"
            name="current_password"
            autoComplete="current-password"
            value={values.current_password}
            error={errors.current_password}
            onChange={(event) => setValues({ ...values, current_password: event.target.value })}
          />
        </div>
        {sent && (
          <p role="status" className="text-sm text-green-700">
            {sent}
          </p>
        )}
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? "Sending..." : "Send confirmation link"}
          </Button>
        </div>
      </form>
    </PanelBlock>
  );
}
