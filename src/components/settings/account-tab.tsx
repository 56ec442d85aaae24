"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import { TextField } from "@/components/ui/text-field";
import type { AuthUser } from "@/lib/schemas/auth";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { ChangeEmail } from "./change-email";
import { DeleteAccount } from "./delete-account";
import { loadAccountRules } from "./load-account-rules";

/** Account: the email (changed through a link sent to the new address), names, and the danger zone. */
export function AccountTab({ user }: { user: AuthUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [names, setNames] = useState({ first_name: user.first_name, last_name: user.last_name });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.profile.updateMe.mutationOptions({
      onSuccess: (me) => {
        queryClient.setQueryData(trpc.profile.me.queryKey(), me);
        setErrors({});
        toast.success("Account information updated");
      },
      onError: (error) => {
        setErrors(firstMessages(serverFailure(error)?.fieldErrors ?? {}));
        toast.error("Failed to update account");
      },
    }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const rules = await loadAccountRules();
    const parsed = rules.accountNames.safeParse(names);
    if (!parsed.success) return setErrors(rules.fieldMessages(parsed.error));
    save.mutate(parsed.data);
  }

  return (
    <div className="grid gap-6">
      <PanelBlock title="Account information" description="Your name as it appears on your account.">
        <form onSubmit={(event) => void submit(event)} onFocus={() => void loadAccountRules()} noValidate className="grid gap-4">
          <div>
            <TextField label="Email Address" type="email" value={user.email} readOnly disabled />
            <p className={`mt-1.5 text-sm ${user.email_verified ? "text-green-700" : "text-amber-700"}`}>
              {user.email_verified ? "Verified" : "Not verified yet: open the link we sent you"}
            </p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First Name"
              autoComplete="given-name"
              value={names.first_name}
              error={errors.first_name}
              onChange={(event) => setNames({ ...names, first_name: event.target.value })}
            />
            <TextField
              label="Last Name"
              autoComplete="family-name"
              value={names.last_name}
              error={errors.last_name}
              onChange={(event) => setNames({ ...names, last_name: event.target.value })}
            />
          </div>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </PanelBlock>
      <ChangeEmail />
      <DeleteAccount />
    </div>
  );
}
