"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import type { ImportPreview, ImportPreviewInput } from "@/lib/schemas/import";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { ImportProgressBar } from "./import-progress";
import { ImportTarget, type Target } from "./import-target";
import { allTicked, PreviewItems, type Ticks } from "./preview-items";
import { SourceForm } from "./source-form";

interface Previewed {
  input: ImportPreviewInput;
  preview: ImportPreview;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * The import: choose a source, see what it holds with a checkbox per item, then confirm. Nothing is
 * written before the confirmation; `doneHref` is where the creator goes next.
 */
export function ImportScreen({ doneHref }: { doneHref: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.profile.current.queryOptions()).data ?? null;
  const preview = useMutation(trpc.import.preview.mutationOptions());
  const confirm = useMutation(trpc.import.confirm.mutationOptions());
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [ticks, setTicks] = useState<Ticks | null>(null);
  // Until the creator picks one, the target follows what is known now: the current page may still be
  // loading when a preview arrives, and a choice made then would stick to "new".
  const [chosenTarget, setTarget] = useState<Target | null>(null);
  const [slug, setSlug] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [progressKey, setProgressKey] = useState("");
  const busy = confirm.isPending;
  const target: Target = chosenTarget ?? (current ? "current" : "new");
  const progress = useQuery(
    trpc.import.progress.queryOptions({ key: progressKey }, { enabled: busy && progressKey !== "", refetchInterval: 400 }),
  ).data;

  async function read(input: ImportPreviewInput) {
    setErrors({});
    setProblem("");
    try {
      const answer = await preview.mutateAsync(input);
      setPreviewed({ input, preview: answer });
      setTicks(allTicked(answer));
      // Several pages can only go into new ones.
      setTarget(answer.profiles.length > 1 ? "new" : null);
      setSlug(answer.profiles[0]?.slug ? answer.profiles[0].slug.toLowerCase().replace(/[^a-z0-9_-]/g, "") : "");
    } catch (error) {
      const failure = serverFailure(error);
      setErrors(firstMessages(failure?.fieldErrors ?? {}));
      if (!failure || !Object.keys(failure.fieldErrors).length)
        setProblem(failure?.message ?? "The import could not be read. Please try again.");
    }
  }

  async function apply() {
    if (!previewed || !ticks) return;
    setErrors({});
    setProblem("");
    const key = crypto.randomUUID();
    setProgressKey(key);
    try {
      const result = await confirm.mutateAsync({
        ...previewed.input,
        target,
        progress_key: key,
        ...(target === "new" && slug && { slug }),
        fingerprint: previewed.preview.fingerprint,
        include: { links: [...ticks.links].sort((a, b) => a - b), display_name: ticks.display_name, bio: ticks.bio, avatar: ticks.avatar },
      });
      await queryClient.invalidateQueries();
      toast.success(`Imported ${plural(ticks.links.size, "link")} into @${result.profile.slug}`);
      router.push(doneHref);
    } catch (error) {
      const failure = serverFailure(error);
      setErrors(firstMessages(failure?.fieldErrors ?? {}));
      setProblem(failure?.message ?? "The import did not finish. Nothing was changed; please try again.");
    }
  }

  if (!previewed || !ticks) {
    return (
      <div className="grid gap-4">
        <SourceForm busy={preview.isPending} errors={errors} onSubmit={(input) => void read(input)} />
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <PreviewItems preview={previewed.preview} ticks={ticks} onChange={setTicks} />
      <ImportTarget
        target={target}
        slug={slug}
        currentSlug={previewed.preview.profiles.length > 1 ? null : (current?.slug ?? null)}
        profileCount={previewed.preview.profiles.length}
        error={errors.slug}
        disabled={busy}
        onTarget={setTarget}
        onSlug={setSlug}
      />
      {busy && <ImportProgressBar links={ticks.links.size} progress={progress ?? null} />}
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="secondary" disabled={busy} onClick={() => (setPreviewed(null), setTicks(null))}>
          Back
        </Button>
        <Button onClick={() => void apply()} disabled={busy} className="px-6 py-3">
          {busy ? "Importing…" : `Import ${plural(ticks.links.size, "link")}`}
        </Button>
      </div>
    </div>
  );
}
