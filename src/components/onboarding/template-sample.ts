import { DESIGN_DEFAULTS } from "@/lib/design/normalize";
import type { PublicLink, PublicProfileData } from "@/lib/public-profile";
import type { TemplateName } from "@/lib/schemas/templates";
import { TEMPLATES } from "@/lib/design/templates";

const SAMPLE_LINKS: PublicLink[] = ["My Website", "Instagram", "YouTube"].map((title, index) => ({
  id: `sample-${index}`,
  title,
  href: "#",
  link_type: "regular",
  is_adult: false,
  icon_url: null,
  thumbnail: null,
  username: null,
  clicks: null,
}));

/** A sample page wearing a template, so its card shows exactly what applying it gives. */
export function templateSample(template: TemplateName): PublicProfileData {
  return {
    slug: "yourname",
    display_name: "Your Name",
    title: "",
    bio: "Creator · Dreamer",
    avatar_url: null,
    show_branding: false,
    links: SAMPLE_LINKS,
    design: { ...DESIGN_DEFAULTS, ...TEMPLATES[template] } as PublicProfileData["design"],
  };
}
