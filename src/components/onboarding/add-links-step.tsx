"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import type { Platform } from "@/lib/onboarding/platforms";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { ExtraLinkRow } from "./extra-link-row";
import { incompleteRows, linksPayload, withoutKeys, type ExtraRow, type LinkErrors } from "./links-payload";
import { PlatformLinkField } from "./platform-link-field";
import { platformsQuery } from "./platform-query";
import { StepLayout } from "./step-layout";
import { STEP_PATHS } from "./steps";
import { useStepNavigation } from "./use-step-navigation";

const emptyRow: ExtraRow = { title: "", url: "" };

/** Step 7: a value per chosen platform, plus any extra links. Everything may stay empty. */
export function AddLinksStep({ platforms }: { platforms: Platform[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.onboarding.addLinks.mutationOptions());
  const { go, navigating } = useStepNavigation();
  const [values, setValues] = useState<Partial<Record<Platform, string>>>({});
  const [rows, setRows] = useState<ExtraRow[]>([emptyRow]);
  const [errors, setErrors] = useState<LinkErrors>({});
  const busy = save.isPending || navigating;

  function setValue(platform: Platform, value: string) {
    setValues((current) => ({ ...current, [platform]: value }));
    setErrors((current) => withoutKeys(current, `platforms.${platform}`));
  }

  function setRow(index: number, row: ExtraRow) {
    setRows((current) => current.map((item, i) => (i === index ? row : item)));
    setErrors((current) => withoutKeys(withoutKeys(current, `extra.${index}`), "extra"));
  }

  function removeRow(index: number) {
    setRows((current) => current.filter((_, i) => i !== index));
    setErrors({}); // row indices shift; stale messages would point at the wrong rows
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const incomplete = incompleteRows(rows);
    if (Object.keys(incomplete).length) return setErrors(incomplete);
    const payload = linksPayload(platforms, values, rows);
    if (!payload) return go(STEP_PATHS.profile);
    try {
      await save.mutateAsync(payload);
      toast.success("Links added successfully!");
      void queryClient.invalidateQueries(trpc.profile.preview.queryFilter());
      go(STEP_PATHS.profile);
    } catch (error) {
      toast.error("Failed to save links. Please try again.");
      setErrors(firstMessages(serverFailure(error)?.fieldErrors ?? {}));
    }
  }

  return (
    <StepLayout
      step="addLinks"
      title="Add your links"
      description="Fill in the ones you want on your page. You can leave any of them empty."
      width="medium"
    >
      <p className="border-brand-200 text-brand-900 mb-6 rounded-xl border bg-brand-50 p-4 text-sm">
        Moving from Linktree or LinkStack, or have a CSV file?{" "}
        <Link href="/onboarding/import" className="font-semibold underline">
          Import your page
        </Link>
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-8">
        {platforms.length > 0 && (
          <section aria-labelledby="platform-links" className="grid gap-5">
            <h2 id="platform-links" className="text-lg font-semibold text-gray-900">
              Your platforms
            </h2>
            {platforms.map((platform) => (
              <PlatformLinkField
                key={platform}
                platform={platform}
                value={values[platform] ?? ""}
                error={errors[`platforms.${platform}`]}
                disabled={busy}
                onChange={(value) => setValue(platform, value)}
              />
            ))}
          </section>
        )}
        <section aria-labelledby="extra-links" className="grid gap-3">
          <h2 id="extra-links" className="text-lg font-semibold text-gray-900">
            Extra links
          </h2>
          {rows.map((row, index) => (
            <ExtraLinkRow
              key={index}
              index={index}
              row={row}
              rowError={errors[`extra.${index}`]}
              urlError={errors[`extra.${index}.url`]}
              disabled={busy}
              onChange={(next) => setRow(index, next)}
              onRemove={rows.length > 1 ? () => removeRow(index) : undefined}
            />
          ))}
          {errors.extra && <p className="text-sm text-red-600">{errors.extra}</p>}
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => setRows((current) => [...current, emptyRow])}
            className="justify-self-start"
          >
            + Add another link
          </Button>
        </section>
        <div className="flex justify-between gap-3">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => go(`${STEP_PATHS.platforms}${platformsQuery(platforms)}`)}
            className="py-3"
          >
            Back
          </Button>
          <Button type="submit" disabled={busy} className="px-8 py-3">
            {busy ? "Saving..." : "Continue"}
          </Button>
        </div>
      </form>
    </StepLayout>
  );
}
