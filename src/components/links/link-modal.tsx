"use client";

import { useState } from "react";
import { Modal } from "@/components/ui/modal";
import { LinkForm } from "./link-form";
import type { LinkItem } from "./types";

interface LinkModalProps {
  open: boolean;
  /** The link to edit; null (or absent) to add a new one. */
  link?: LinkItem | null;
  onClose: () => void;
}

/** 'Add New Link' or 'Edit Link'; the form mounts afresh on every opening, prefilled when editing. */
export function LinkModal({ open, link = null, onClose }: LinkModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onClose={onClose} title={link ? "Edit Link" : "Add New Link"} dismissible={!busy} width="lg">
      <LinkForm link={link} onCancel={onClose} onSaved={onClose} onBusyChange={setBusy} />
    </Modal>
  );
}
