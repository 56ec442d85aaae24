import { ProfilePreview } from "@/components/profile-page/profile-preview";
import { wallpaperStyle } from "@/components/profile-page/wallpaper-style";
import { Spinner } from "@/components/ui/spinner";
import { TEMPLATE_LABELS, type TemplateName } from "@/lib/schemas/template-names";
import { templateSample } from "./template-sample";

const DESCRIPTIONS: Record<TemplateName, string> = {
  minimal: "Clean white page with crisp dark buttons.",
  gradient: "A purple gradient with soft, glassy pill buttons.",
  dark: "Deep navy background, easy on the eyes.",
  neon: "Black background with glowing green accents.",
};

interface TemplateCardProps {
  template: TemplateName;
  applying: boolean;
  disabled: boolean;
  onChoose: () => void;
  /** The design already wears this template (the design editor marks it). */
  current?: boolean;
}

/** A template: a miniature of the real page renderer, and one button covering the whole card. */
export function TemplateCard({ template, applying, disabled, onChoose, current = false }: TemplateCardProps) {
  const descriptionId = `template-${template}-description`;
  const sample = templateSample(template);
  return (
    <div
      className={`group relative overflow-hidden rounded-3xl border-2 bg-white transition focus-within:border-brand-600 hover:border-brand-600 has-[:disabled]:opacity-70 ${current ? "border-brand-600" : "border-gray-200"}`}
    >
      <div aria-hidden="true" inert className="relative h-56 overflow-hidden" style={wallpaperStyle(sample.design)}>
        <div className="absolute top-0 left-0 h-[200%] w-[200%] origin-top-left scale-50">
          <ProfilePreview profile={sample} />
        </div>
      </div>
      <div className="flex items-start justify-between gap-3 p-4">
        <div>
          <button
            type="button"
            onClick={onChoose}
            disabled={disabled}
            aria-describedby={descriptionId}
            className="font-semibold text-gray-900 outline-none after:absolute after:inset-0 after:rounded-3xl focus-visible:after:ring-2 focus-visible:after:ring-brand-500 disabled:cursor-not-allowed"
          >
            {TEMPLATE_LABELS[template]}
          </button>
          <p id={descriptionId} className="mt-0.5 text-sm text-gray-600">
            {DESCRIPTIONS[template]}
          </p>
        </div>
        {applying && <Spinner className="h-5 w-5 border-2" />}
        {current && !applying && (
          <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">Current</span>
        )}
      </div>
    </div>
  );
}
