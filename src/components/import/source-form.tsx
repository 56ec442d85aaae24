"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import {
  IMPORT_CONTENT_MAX_LENGTH,
  IMPORT_SOURCE_LABELS,
  IMPORT_SOURCES,
  type ImportPreviewInput,
  type ImportSource,
} from "@/lib/schemas/import";

const HINTS: Record<ImportSource, string> = {
  linktree: "Enter your page's address, or paste the page's saved HTML (File › Save page as… in your browser).",
  linkstack: "In LinkStack, open Settings › Export all data and choose the file it downloads.",
  csv: "A spreadsheet saved as CSV with a header row: title, url and, if you like, type (regular, header, social, music, video, payment).",
  linkbio: "The file from Settings › Privacy › Download my data, here or on another Linkbio.",
};
const FILE_TYPES: Record<Exclude<ImportSource, "linktree">, string> = {
  linkstack: ".json,application/json",
  csv: ".csv,text/csv",
  linkbio: ".json,application/json",
};

interface SourceFormProps {
  busy: boolean;
  errors: Record<string, string>;
  onSubmit: (input: ImportPreviewInput) => void;
}

/** Step 1: where the page comes from; an address or text, read in the browser and sent as text. */
export function SourceForm({ busy, errors, onSubmit }: SourceFormProps) {
  const [source, setSource] = useState<ImportSource>("linktree");
  const [url, setUrl] = useState("");
  const [content, setContent] = useState("");
  const [fileName, setFileName] = useState("");
  const [fileError, setFileError] = useState("");

  async function pickFile(file: File | undefined) {
    setFileError("");
    setFileName(file?.name ?? "");
    if (!file) return setContent("");
    if (file.size > IMPORT_CONTENT_MAX_LENGTH) return setFileError("This file is too large to import (at most 14 MB).");
    setContent(await file.text());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (source === "linktree") onSubmit(url.trim() ? { source, url: url.trim() } : { source, content });
    else onSubmit({ source, content });
  }

  function choose(next: ImportSource) {
    setSource(next);
    setContent("");
    setFileName("");
    setFileError("");
  }

  const problem = errors.url ?? errors.content ?? errors.source;
  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-busy={busy}>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium text-gray-700">Import from</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {IMPORT_SOURCES.map((option) => (
            <label
              key={option}
              className={`has-[:focus-visible]:ring-brand-300 flex cursor-pointer items-center gap-2 rounded-xl border p-3 text-sm font-medium has-[:focus-visible]:ring-2 ${
                source === option ? "text-brand-800 border-brand-500 bg-brand-50" : "border-gray-300 bg-white text-gray-800"
              }`}
            >
              <input
                type="radio"
                name="source"
                value={option}
                checked={source === option}
                onChange={() => choose(option)}
                className="accent-brand-600"
              />
              {IMPORT_SOURCE_LABELS[option]}
            </label>
          ))}
        </div>
        <p className="text-sm text-gray-500">{HINTS[source]}</p>
      </fieldset>

      {source === "linktree" ? (
        <div className="grid gap-4">
          <TextField
            label="Linktree page address"
            type="url"
            inputMode="url"
            placeholder="https://linktr.ee/yourname"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            disabled={busy || content.trim() !== ""}
            error={errors.url}
          />
          <div>
            <label htmlFor="import-html" className="mb-1.5 block text-sm font-medium text-gray-700">
              Or paste the page&apos;s saved HTML
            </label>
            <textarea
              id="import-html"
              rows={4}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              disabled={busy || url.trim() !== ""}
              className="w-full rounded-xl border border-gray-300 bg-white p-3 font-mono text-xs outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
            />
            <label htmlFor="import-html-file" className="mt-3 mb-1.5 block text-sm font-medium text-gray-700">
              Or choose the saved page
            </label>
            <input
              id="import-html-file"
              type="file"
              accept=".html,.htm,text/html"
              disabled={busy || url.trim() !== ""}
              onChange={(event) => void pickFile(event.target.files?.[0])}
              className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
            />
            {fileError && <p className="mt-1.5 text-sm text-red-600">{fileError}</p>}
          </div>
        </div>
      ) : (
        <div>
          <label htmlFor="import-file" className="mb-1.5 block text-sm font-medium text-gray-700">
            {IMPORT_SOURCE_LABELS[source]} file
          </label>
          <input
            id="import-file"
            type="file"
            accept={FILE_TYPES[source]}
            disabled={busy}
            onChange={(event) => void pickFile(event.target.files?.[0])}
            aria-describedby={fileError || errors.content ? "import-file-error" : undefined}
            className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          />
          {fileName && !fileError && <p className="mt-1.5 text-sm text-gray-500">{fileName}</p>}
          {(fileError || errors.content) && (
            <p id="import-file-error" className="mt-1.5 text-sm text-red-600">
              {fileError || errors.content}
            </p>
          )}
        </div>
      )}
      {source === "linktree" && problem && !errors.url && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={busy || Boolean(fileError)} className="justify-self-start px-6 py-3">
        {busy ? "Reading…" : "Preview import"}
      </Button>
    </form>
  );
}
