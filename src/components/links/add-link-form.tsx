"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/trpc/react";
import { loadLinkDraft } from "./load-link-draft";
import { useRefreshLinks } from "./use-links";

const inputClass =
  "min-w-0 flex-1 rounded-xl border border-gray-300 bg-white px-3 py-2.5 text-sm outline-none transition placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 disabled:opacity-60";

/** The manager's quick add: a title and a URL; the server puts the link at the end. */
export function AddLinkForm() {
  const trpc = useTRPC();
  const refresh = useRefreshLinks();
  const errorId = useId();
  const [title, setTitle] = useState("");
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(trpc.link.create.mutationOptions());

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !url.trim()) {
      setError("Please fill in both title and URL");
      return;
    }
    const parsed = (await loadLinkDraft()).safeParse({ title, url, link_type: "regular" });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please enter a valid URL");
      return;
    }
    try {
      await create.mutateAsync({ title: parsed.data.title, url: parsed.data.url, link_type: "regular", is_active: true });
    } catch {
      toast.error("Failed to add link");
      return;
    }
    toast.success("Link added");
    setTitle("");
    setUrl("");
    await refresh();
  }

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadLinkDraft()}
      noValidate
      aria-label="Add a link"
      className="mb-6 rounded-2xl border border-gray-200 bg-white p-4 shadow-xs"
    >
      <fieldset disabled={create.isPending} className="flex flex-col gap-3 sm:flex-row">
        <input
          aria-label="Link title"
          placeholder="Title"
          value={title}
          onChange={(e) => edit(setTitle)(e.target.value)}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
        <input
          aria-label="Link URL"
          placeholder="https://example.com"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => edit(setUrl)(e.target.value)}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
        />
        <Button type="submit">{create.isPending ? "Adding..." : "Add"}</Button>
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
