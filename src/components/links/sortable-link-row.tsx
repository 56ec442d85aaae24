"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { LinkManagerRow, type LinkRowActions } from "./link-manager-row";
import type { LinkItem } from "./types";

/** A manager row wired to drag and drop (pointer or keyboard) by its handle. */
export function SortableLinkRow({ link, ...actions }: { link: LinkItem } & LinkRowActions) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: link.id });
  const drag = {
    rowRef: setNodeRef,
    style: { transform: CSS.Translate.toString(transform), transition },
    isDragging,
    handleRef: setActivatorNodeRef,
    handleProps: { ...attributes, ...listeners },
  };
  return <LinkManagerRow link={link} drag={drag} {...actions} />;
}
