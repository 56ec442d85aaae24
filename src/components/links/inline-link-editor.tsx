"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/trpc/react";
import { loadLinkDraft } from "./load-link-draft";
import type { LinkItem } from "./types";
import { useRefreshLinks } from "./use-links";

const inputClass =
  "w-full rounded-lg border border-gray-300 px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:opacity-60";

/** Edits a link's title and URL in place; Escape or Cancel leaves it unchanged. */
export function InlineLinkEditor({ link, onDone }: { link: LinkItem; onDone: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshLinks();
  const [title, setTitle] = useState(link.title);
  const [url, setUrl] = useState(link.url);
  const [error, setError] = useState<string | null>(null);
  const update = useMutation(trpc.link.update.mutationOptions());

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = (await loadLinkDraft()).safeParse({ title, url, link_type: link.link_type });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please enter a valid URL");
      return;
    }
    try {
      await update.mutateAsync({ id: link.id, data: { title: parsed.data.title, url: parsed.data.url } });
    } catch {
      toast.error("Failed to update link");
      return;
    }
    toast.success("Link updated");
    await refresh();
    onDone();
  }

  return (
    // Escape from either field cancels the edit: the form listens for its fields' keys.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      onSubmit={(event) => void save(event)}
      onFocus={() => void loadLinkDraft()}
      noValidate
      onKeyDown={(event) => {
        if (event.key === "Escape" && !update.isPending) onDone();
      }}
      className="grid min-w-0 flex-1 gap-2"
    >
      <fieldset disabled={update.isPending} className="grid gap-2">
        <input
          aria-label="Title"
          value={title}
          // The editor opens on request, so focus moves into the field the person asked to edit.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          onChange={(e) => (setTitle(e.target.value), setError(null))}
          className={inputClass}
        />
        <input
          aria-label="URL"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => (setUrl(e.target.value), setError(null))}
          className={inputClass}
        />
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" className="px-3 py-1.5" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
        <Button variant="ghost" className="px-3 py-1.5" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
