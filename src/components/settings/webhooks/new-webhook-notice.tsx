"use client";

import { SecretOnceNotice } from "../secret-once-notice";

/** A new webhook's signing secret, shown this once: copy it before leaving. */
export function NewWebhookNotice({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  return (
    <SecretOnceNotice region="Your new webhook's secret" secretLabel="Signing secret" noun="secret" secret={secret} onDone={onDone}>
      Deliveries to <strong>{url}</strong> are signed with this secret. Copy it now: it will not be shown again.
    </SecretOnceNotice>
  );
}
