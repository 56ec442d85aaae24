import { SAMPLE_LINKS } from "@/components/profile-page/sample-links";
import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import type { PublicProfileData } from "@/lib/public-profile";
import type { TemplateName } from "@/lib/schemas/templates";
import { TEMPLATES } from "@/lib/design/templates";

/** A sample page wearing a template, so its card shows exactly what applying it gives. */
export function templateSample(template: TemplateName): PublicProfileData {
  return {
    slug: "yourname",
    display_name: "Your Name",
    title: "",
    bio: "Creator · Dreamer",
    avatar_url: null,
    show_branding: false,
    links: SAMPLE_LINKS.slice(0, 3),
    design: { ...DESIGN_DEFAULTS, ...TEMPLATES[template] },
  };
}
