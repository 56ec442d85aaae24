"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import toast from "react-hot-toast";
import { downloadText } from "@/components/insights/download";
import { Button } from "@/components/ui/button";
import { LoadErrorState, LoadingState } from "@/components/ui/load-states";
import { PageHeader } from "@/components/ui/page-header";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import type { SubscriberDto } from "@/lib/schemas/audience";
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES, type SubscriberStatus } from "@/lib/schemas/audience-terms";
import { useTRPC } from "@/trpc/react";
import { LazySignupsChart } from "./lazy-signups-chart";
import { RemoveSubscriberDialog } from "./remove-subscriber-dialog";

const STATUS_TINTS: Record<SubscriberStatus, string> = {
  pending: "bg-amber-50 text-amber-800",
  subscribed: "bg-emerald-50 text-emerald-800",
  unsubscribed: "bg-gray-100 text-gray-700",
};

const when = (date: Date) => new Date(date).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Where a subscriber came from, in one line: referrer, UTM source, country. */
function origin(row: SubscriberDto): string {
  const parts = [
    row.referrer || "Direct",
    row.utm_source && `utm_source ${row.utm_source}`,
    row.country === "ZZ" ? "Unknown" : row.country,
  ];
  return parts.filter(Boolean).join(" · ");
}

function EmptyAudience() {
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 bg-white p-10 text-center">
      <h2 className="text-lg font-semibold text-gray-900">No subscribers yet</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">
        Add an Email Sign-up block on the Links screen: Add Link, then choose Email Sign-up. Visitors who sign up and confirm by email
        appear here.
      </p>
      <Link href="/links" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Go to Links
      </Link>
    </div>
  );
}

/** The Audience screen: the current profile's subscribers (docs/product/audience.md#the-audience-screen). */
export function AudienceScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<SubscriberStatus | "">("");
  const [removing, setRemoving] = useState<SubscriberDto | null>(null);
  const q = useDebouncedValue(search.trim(), 250);
  const filters = { ...(q && { q }), ...(status && { status }) };
  const summary = useQuery(trpc.audience.summary.queryOptions());
  const list = useQuery({ ...trpc.audience.list.queryOptions(filters), placeholderData: keepPreviousData });

  async function exportAs(format: "csv" | "json") {
    try {
      const file = await queryClient.fetchQuery({ ...trpc.audience.export.queryOptions({ format }), staleTime: 0 });
      downloadText(file.filename, file.content, file.content_type);
    } catch {
      toast.error("Failed to export subscribers");
    }
  }

  const refresh = () => Promise.all([summary.refetch(), list.refetch()]);
  const header = (
    <PageHeader
      title="Audience"
      description="People who signed up on your page for your emails."
      actions={
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void exportAs("csv")}>
            Export CSV
          </Button>
          <Button variant="secondary" onClick={() => void exportAs("json")}>
            Export JSON
          </Button>
        </div>
      }
    />
  );

  if (summary.isPending) return <LoadingState label="Loading audience..." />;
  if (summary.isError) return <LoadErrorState message="Failed to load your audience." onRetry={() => void refresh()} />;
  const { counts, per_day } = summary.data;
  const total = counts.pending + counts.subscribed + counts.unsubscribed;

  return (
    <div>
      {header}
      {total === 0 ? (
        <EmptyAudience />
      ) : (
        <>
          <section aria-label="Counts" className="grid gap-4 sm:grid-cols-3">
            {SUBSCRIBER_STATUSES.map((name) => (
              <div key={name} className="rounded-2xl border border-gray-200 bg-white p-4">
                <p className="text-sm text-gray-600">{SUBSCRIBER_STATUS_LABELS[name]}</p>
                <p className="mt-1 text-2xl font-bold text-gray-900" data-testid={`count-${name}`}>
                  {counts[name].toLocaleString("en-US")}
                </p>
              </div>
            ))}
          </section>
          <section className="mt-4 rounded-2xl border border-gray-200 bg-white p-4">
            <h2 className="text-sm font-semibold text-gray-900">Sign-ups per day</h2>
            <p className="sr-only">
              {per_day.reduce((sum, day) => sum + day.signups, 0)} sign-ups and {per_day.reduce((sum, day) => sum + day.confirmed, 0)}{" "}
              confirmations over the last {per_day.length} days.
            </p>
            <LazySignupsChart data={per_day} />
          </section>
          <section className="mt-4 rounded-2xl border border-gray-200 bg-white p-4">
            <div className="mb-3 flex flex-wrap gap-3">
              <label className="flex-1">
                <span className="sr-only">Search subscribers</span>
                <input
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder="Search by email"
                  className="w-full rounded-xl border border-gray-300 px-3 py-2 text-sm"
                />
              </label>
              <label className="flex items-center gap-2 text-sm text-gray-700">
                Status
                <select
                  value={status}
                  onChange={(event) => setStatus(event.target.value as SubscriberStatus | "")}
                  className="rounded-xl border border-gray-300 px-3 py-2 text-sm"
                >
                  <option value="">All</option>
                  {SUBSCRIBER_STATUSES.map((name) => (
                    <option key={name} value={name}>
                      {SUBSCRIBER_STATUS_LABELS[name]}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {list.isError ? (
              <LoadErrorState message="Failed to load subscribers." onRetry={() => void list.refetch()} />
            ) : (list.data ?? []).length === 0 ? (
              <p className="py-6 text-center text-sm text-gray-600">
                {list.isPending ? "Loading subscribers..." : "No subscribers match."}
              </p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-gray-600">
                    <tr>
                      <th className="py-2 pr-3 font-medium">Email</th>
                      <th className="py-2 pr-3 font-medium">Status</th>
                      <th className="py-2 pr-3 font-medium">Signed up</th>
                      <th className="py-2 pr-3 font-medium">Came from</th>
                      <th className="py-2 font-medium">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data!.map((row) => (
                      <tr key={row.id} className="border-t border-gray-100">
                        <td className="max-w-64 truncate py-2 pr-3 text-gray-900">{row.email}</td>
                        <td className="py-2 pr-3">
                          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TINTS[row.status]}`}>
                            {SUBSCRIBER_STATUS_LABELS[row.status]}
                          </span>
                        </td>
                        <td className="py-2 pr-3 whitespace-nowrap text-gray-700">{when(row.created_at)}</td>
                        <td className="py-2 pr-3 text-gray-700">{origin(row)}</td>
                        <td className="py-2 text-right">
                          <button
                            type="button"
                            className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                            aria-label={`Remove ${row.email}`}
                            onClick={() => setRemoving(row)}
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
      <RemoveSubscriberDialog subscriber={removing} onClose={() => setRemoving(null)} onRemoved={refresh} />
    </div>
  );
}
