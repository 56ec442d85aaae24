"use client";

import dynamic from "next/dynamic";
import type { ComponentProps } from "react";

// The full link form and its rules (zod) are fetched when a link is added or edited, not with the list.
const LinkModal = dynamic(() => import("./link-modal").then((module) => module.LinkModal), { ssr: false });

/** LinkModal, loaded on its first opening; nothing is rendered while it is closed. */
export function LazyLinkModal(props: ComponentProps<typeof LinkModal>) {
  return props.open ? <LinkModal {...props} /> : null;
}
