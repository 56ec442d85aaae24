"use client";

import { Button } from "@/components/ui/button";
import { copyText } from "@/components/links/page-address";
import toast from "react-hot-toast";

export interface DnsRecord {
  type: string;
  name: string;
  value: string;
}

async function copy(label: string, text: string) {
  try {
    await copyText(text);
    toast.success(`${label} copied`);
  } catch {
    toast.error("Failed to copy");
  }
}

function CopyableValue({ label, text }: { label: string; text: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <code className="min-w-0 flex-1 rounded-lg bg-gray-50 px-2 py-1.5 text-xs break-all text-gray-800">{text}</code>
      <Button
        variant="secondary"
        className="shrink-0 !px-2.5 !py-1.5 text-xs"
        aria-label={`Copy ${label}`}
        onClick={() => void copy(label, text)}
      >
        Copy
      </Button>
    </div>
  );
}

/** DNS records to add at the creator's DNS provider, each name and value with a copy button. */
export function DnsRecords({ title, records }: { title: string; records: DnsRecord[] }) {
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold text-gray-800">{title}</h4>
      <ul className="grid gap-3">
        {records.map((record) => (
          <li
            key={`${record.type}-${record.value}`}
            className="grid gap-2 rounded-xl border border-gray-200 p-3 sm:grid-cols-[4rem_1fr_1fr]"
          >
            <span className="text-xs font-semibold text-gray-600 sm:pt-2">{record.type}</span>
            <CopyableValue label={`${record.type} name`} text={record.name} />
            <CopyableValue label={`${record.type} value`} text={record.value} />
          </li>
        ))}
      </ul>
    </div>
  );
}
