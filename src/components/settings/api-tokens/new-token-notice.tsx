"use client";

import { SecretOnceNotice } from "../secret-once-notice";

/** A new token's secret, shown this once: copy it before leaving. */
export function NewTokenNotice({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  return (
    <SecretOnceNotice region="Your new API token" secretLabel="API token" noun="token" secret={token} onDone={onDone}>
      <strong>{name}</strong> is ready. Copy this token now: it will not be shown again.
    </SecretOnceNotice>
  );
}
