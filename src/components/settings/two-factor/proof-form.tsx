"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import type { TwoFactorProof } from "@/lib/schemas/two-factor";

/** Asks for a current code (or recovery code), or the password, before a two-factor change. */
export function ProofForm({
  label,
  submitText,
  pending,
  error,
  onSubmit,
  onCancel,
  onEdit,
}: {
  label: string;
  submitText: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (proof: TwoFactorProof) => void;
  onCancel: () => void;
  onEdit: () => void;
}) {
  const [usePassword, setUsePassword] = useState(false);
  const [value, setValue] = useState("");
  const [missing, setMissing] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) return setMissing(usePassword ? "Password is required" : "Enter the code from your authenticator app");
    onSubmit(usePassword ? { password: value } : { code: value });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid max-w-md gap-3">
      <TextField
        key={usePassword ? "password" : "code"}
        label={usePassword ? "Password" : "Authenticator code or recovery code"}
        type={usePassword ? "password" : "text"}
        autoComplete={usePassword ? "current-password" : "one-time-code"}
        value={value}
        error={missing ?? error}
        onChange={(event) => {
          setValue(event.target.value);
          setMissing(undefined);
          onEdit();
        }}
      />
      <button
        type="button"
        className="justify-self-start text-sm font-medium text-brand-600 hover:underline"
        onClick={() => {
          setUsePassword(!usePassword);
          setValue("");
          setMissing(undefined);
          onEdit();
        }}
      >
        {usePassword ? "Use a code instead" : "Use your password instead"}
      </button>
      <div className="flex gap-2">
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? "Checking..." : submitText}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
