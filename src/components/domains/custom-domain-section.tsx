"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { PanelBlock } from "@/components/ui/panel-block";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { DOMAIN_EXAMPLE, normalizeDomain } from "@/lib/domains/normalize-domain";
import type { CustomDomainDto } from "@/lib/schemas/domain";
import { firstMessages, serverFailure } from "@/trpc/errors";
import { useTRPC } from "@/trpc/react";
import { AddressNotice } from "@/components/share/address-notice";
import { DnsRecords, type DnsRecord } from "./dns-records";

function StatusBadge({ status }: { status: CustomDomainDto["status"] }) {
  const active = status === "active";
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${active ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"}`}
    >
      {active ? "Active" : "Pending"}
    </span>
  );
}

/** Typing a domain: checked as the server checks it before anything is sent. */
function ConnectForm({ onConnected }: { onConnected: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [domain, setDomain] = useState("");
  const [error, setError] = useState<string>();
  const connect = useMutation(
    trpc.domain.connect.mutationOptions({
      onSuccess: (connected) => {
        queryClient.setQueryData(trpc.domain.mine.queryKey(), connected);
        setDomain("");
        setError(undefined);
        onConnected();
        toast.success("Domain connected. Add the DNS records, then verify.");
      },
      onError: (failure) => {
        const details = serverFailure(failure);
        setError(firstMessages(details?.fieldErrors ?? {}).domain ?? details?.message ?? "Could not connect the domain");
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = normalizeDomain(domain);
    if ("error" in checked) return setError(checked.error);
    connect.mutate({ domain: checked.domain });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <TextField
        label="Domain"
        placeholder={DOMAIN_EXAMPLE}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={domain}
        error={error}
        onChange={(event) => setDomain(event.target.value)}
      />
      <Button type="submit" className="sm:mt-7" disabled={connect.isPending}>
        {connect.isPending ? "Connecting..." : "Connect domain"}
      </Button>
    </form>
  );
}

/** The records that point the domain here and prove it is the creator's: a CNAME for a subdomain, A/AAAA (or ALIAS/ANAME) for an apex. */
function Records({ domain }: { domain: CustomDomainDto }) {
  const trpc = useTRPC();
  const setup = useQuery(trpc.domain.setup.queryOptions());
  const proof: DnsRecord[] = [domain.verification];
  const pointing = setup.data;
  return (
    <div className="grid gap-4">
      <DnsRecords title="Prove it is yours" records={proof} />
      {pointing?.notice && (
        <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {pointing.notice}
        </p>
      )}
      {!pointing ? (
        <p className="flex items-center gap-2 text-sm text-gray-500">
          <Spinner className="h-4 w-4" /> Loading the address to point it at...
        </p>
      ) : !pointing.apex ? (
        <DnsRecords title="Point it here: a CNAME record" records={pointing.records} />
      ) : (
        <div className="grid gap-2">
          {pointing.records.length > 0 ? (
            <DnsRecords title="Point it here: A/AAAA records (an apex domain cannot have a CNAME)" records={pointing.records} />
          ) : (
            <p className="text-sm text-gray-600">
              {domain.domain} is an apex domain, which cannot have a CNAME, and this server&apos;s addresses are not known: ask whoever runs
              it for the addresses to enter as A/AAAA records.
            </p>
          )}
          <p className="text-sm text-gray-600">
            If your DNS provider offers ALIAS or ANAME records, you can instead create one for {domain.domain} with the value{" "}
            <code className="rounded bg-gray-100 px-1 break-all">{pointing.target}</code>.
          </p>
        </div>
      )}
    </div>
  );
}

/** A connected domain: its status, records, Verify while pending, and Remove (asked twice). */
function ConnectedDomain({ domain }: { domain: CustomDomainDto }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string>();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  // The page address (Share, Copy Link, the QR code) follows the domain's status.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.domain.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.share.pathKey() }),
    ]);
  const verify = useMutation(
    trpc.domain.verify.mutationOptions({
      onSuccess: (verified) => {
        queryClient.setQueryData(trpc.domain.mine.queryKey(), verified);
        setProblem(undefined);
        void refresh();
        toast.success(`${verified.domain} is active`);
      },
      onError: (failure) => setProblem(serverFailure(failure)?.message ?? "Could not reach the server. Please try again."),
    }),
  );
  const remove = useMutation(
    trpc.domain.remove.mutationOptions({
      onSuccess: () => {
        queryClient.setQueryData(trpc.domain.mine.queryKey(), null);
        void refresh();
        toast.success("Domain removed");
      },
      onError: () => toast.error("Failed to remove the domain"),
    }),
  );
  const active = domain.status === "active";
  const pageAddress = useQuery(trpc.domain.pageAddress.queryOptions());
  const address = pageAddress.data?.address ?? `https://${domain.domain}/`;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-base font-semibold break-all text-gray-900">{domain.domain}</span>
        <StatusBadge status={domain.status} />
      </div>
      {active ? (
        <p className="text-sm text-gray-600">
          Your page is served at{" "}
          <a href={address} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
            {address}
          </a>
          . Keep the TXT record: the domain is checked daily.
        </p>
      ) : (
        <p className="text-sm text-gray-600">
          Add these records at your DNS provider, then press Verify. DNS changes can take a few minutes to appear.
        </p>
      )}
      <Records domain={domain} />
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm break-words text-red-700">
          {problem}
        </p>
      )}
      {confirmingRemove ? (
        <div role="group" aria-label="Confirm removal" className="grid gap-3 rounded-xl border border-red-200 bg-red-50 p-3">
          <p className="text-sm text-red-800">Remove {domain.domain}? Your page stops being served there at once.</p>
          <div className="flex gap-2">
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? "Removing..." : "Yes, remove"}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingRemove(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {!active && (
            <Button disabled={verify.isPending} onClick={() => verify.mutate()}>
              {verify.isPending ? "Verifying..." : "Verify"}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setConfirmingRemove(true)}>
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}

/** "Custom domain": the current page on the creator's own domain (docs/product/public-page.md#custom-domains). */
export function CustomDomainSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mine = useQuery(trpc.domain.mine.queryOptions());
  return (
    <PanelBlock
      title="Custom domain"
      description="Serve your page at a domain of your own, such as links.example.com, with HTTPS set up for you."
    >
      <AddressNotice />
      {mine.isPending ? (
        <p className="flex items-center gap-2 text-sm text-gray-500">
          <Spinner className="h-4 w-4" /> Loading your domain...
        </p>
      ) : mine.isError ? (
        <div className="flex items-center gap-3 text-sm text-gray-700">
          Could not load your domain.
          <Button variant="secondary" onClick={() => void mine.refetch()}>
            Try again
          </Button>
        </div>
      ) : mine.data ? (
        <ConnectedDomain domain={mine.data} />
      ) : (
        <ConnectForm onConnected={() => void queryClient.invalidateQueries({ queryKey: trpc.domain.setup.queryKey() })} />
      )}
    </PanelBlock>
  );
}
