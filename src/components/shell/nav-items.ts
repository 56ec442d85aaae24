export interface NavItem {
  href: string;
  label: string;
  icon: "home" | "links" | "design" | "insights" | "audience" | "settings" | "help";
  children?: NavItem[];
  /** Other paths that light this item up. */
  alsoActiveOn?: string[];
}

/** The main item with Links and Design under it, then Insights, Audience, Settings and Help (docs/product/ui-conventions.md#navigation). */
export const NAV_ITEMS: NavItem[] = [
  {
    href: "/dashboard",
    label: "My Linkbio",
    icon: "home",
    children: [
      { href: "/links", label: "Links", icon: "links" },
      { href: "/design", label: "Design", icon: "design" },
    ],
  },
  { href: "/insights", label: "Insights", icon: "insights", alsoActiveOn: ["/analytics"] },
  { href: "/audience", label: "Audience", icon: "audience" },
  { href: "/settings", label: "Settings", icon: "settings" },
  { href: "/help", label: "Help", icon: "help" },
];
