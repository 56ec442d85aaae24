"use client";

import { useId } from "react";
import { FileButton } from "./controls/file-button";
import { PanelBlock } from "@/components/ui/panel-block";
import { SliderField } from "./controls/slider-field";
import { SwitchField } from "@/components/ui/switch-field";
import { FILE_RULES } from "@/components/ui/read-file";
import type { DesignEditor } from "./use-design-editor";

const percent = (value: number) => `${value}%`;

/** Music from a YouTube video link or an uploaded audio file; autoplay and volume once either is set. */
export function MusicFields({ editor }: { editor: DesignEditor }) {
  const id = useId();
  const { design } = editor.draft;
  const update = editor.updateDesign;
  const error = editor.errors.youtube_url;
  const hasMusic = Boolean(design.youtube_url || design.background_music_url);

  return (
    <PanelBlock title="Background Music" description="Plays on your page from a YouTube video or an audio file.">
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-gray-700">
          YouTube URL
        </label>
        <div
          className={`flex items-center rounded-xl border bg-white focus-within:ring-2 ${error ? "border-red-400 focus-within:ring-red-200" : "border-gray-300 focus-within:border-brand-500 focus-within:ring-brand-100"}`}
        >
          <input
            id={id}
            type="url"
            inputMode="url"
            value={design.youtube_url ?? ""}
            placeholder="https://www.youtube.com/watch?v=..."
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => update({ youtube_url: event.target.value || null })}
            className="w-full min-w-0 rounded-xl bg-transparent px-3 py-2.5 text-sm outline-none placeholder:text-gray-400"
          />
          {design.youtube_url && (
            <button
              type="button"
              aria-label="Clear YouTube URL"
              onClick={() => update({ youtube_url: null })}
              className="mr-1.5 rounded-lg p-1.5 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
            >
              <svg
                aria-hidden
                viewBox="0 0 24 24"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          )}
        </div>
        {error && (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <span className="text-sm font-medium text-gray-700">Audio file</span>
        {design.background_music_url && (
          <div className="flex flex-wrap items-center gap-3">
            {/* Background music has no words to caption. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <audio controls src={design.background_music_url} className="h-10 max-w-full" aria-label="Uploaded background music" />
            <button
              type="button"
              onClick={() => update({ background_music_url: null })}
              className="text-sm font-medium text-red-600 hover:underline"
            >
              Remove audio
            </button>
          </div>
        )}
        <FileButton
          label={design.background_music_url ? "Replace audio" : "Upload audio"}
          hint="MP3, OGG or WAV, up to 10 MB."
          rule={FILE_RULES.music}
          error={editor.errors.background_music_url}
          onLoad={(dataUrl) => update({ background_music_url: dataUrl })}
        />
      </div>

      {hasMusic && (
        <>
          <SwitchField
            label="Autoplay"
            description="Start the music when the page opens."
            checked={design.music_autoplay}
            onChange={(music_autoplay) => update({ music_autoplay })}
          />
          <SliderField
            label="Volume"
            min={0}
            max={100}
            step={5}
            value={design.music_volume}
            format={percent}
            onChange={(music_volume) => update({ music_volume })}
          />
        </>
      )}
    </PanelBlock>
  );
}
