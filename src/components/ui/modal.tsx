"use client";

import dynamic from "next/dynamic";
import type { ModalProps } from "./modal-dialog";

// Radix's dialog (focus trap, scroll lock, portal) is fetched the first time a dialog opens, not with the page.
const ModalDialog = dynamic(() => import("./modal-dialog").then((module) => module.ModalDialog), { ssr: false });

/** The app's modal dialog (see ModalDialog); nothing is rendered, nor loaded, while it is closed. */
export function Modal(props: ModalProps) {
  return props.open ? <ModalDialog {...props} /> : null;
}
