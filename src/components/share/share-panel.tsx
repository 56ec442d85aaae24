"use client";

import { useQuery } from "@tanstack/react-query";
import { usePageAddress } from "@/components/links/page-address";
import { Modal } from "@/components/ui/modal";
import { useTRPC } from "@/trpc/react";
import { AddressField } from "./address-field";
import { AddressNotice } from "./address-notice";
import { QrCodeSection } from "./qr-code-section";

/** Share your page: its address with Copy and the share sheet, and its QR code to show or download. */
export function SharePanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.profile.current.queryOptions()).data;
  const address = usePageAddress(profile?.slug);
  return (
    <Modal open={open} onClose={onClose} title="Share your page" description="Send your link anywhere, or print the QR code.">
      <div className="grid gap-6">
        <AddressNotice />
        <AddressField address={address} title={profile ? profile.display_name || `@${profile.slug}` : "My page"} />
        <QrCodeSection />
      </div>
    </Modal>
  );
}
