/** Made-up creators shown in the hero and the "made with Linkbio" strip. */
export type ExampleProfile = {
  name: string;
  handle: string;
  bio: string;
  initials: string;
  links: string[];
  /** Tailwind classes for the screen, avatar, link buttons and text. */
  screen: string;
  avatar: string;
  button: string;
  text: string;
};

export const heroProfile: ExampleProfile = {
  name: "Maya Chen",
  handle: "mayamakes",
  bio: "Ceramics, studio vlogs & small-batch drops",
  initials: "MC",
  links: ["Shop the spring collection", "Watch: throwing a vase", "Join my newsletter", "Book a workshop"],
  screen: "bg-gradient-to-b from-brand-500 to-brand-700",
  avatar: "bg-lime text-forest",
  button: "rounded-full bg-white text-brand-700",
  text: "text-white",
};

export const exampleProfiles: ExampleProfile[] = [
  heroProfile,
  {
    name: "DJ Kofi",
    handle: "kofibeats",
    bio: "Afrobeats every Friday",
    initials: "DK",
    links: ["New mix: Lagos Nights", "Tour dates", "Merch"],
    screen: "bg-gray-950",
    avatar: "bg-fuchsia-700 text-white",
    button: "rounded-lg border border-fuchsia-400 text-fuchsia-200",
    text: "text-white",
  },
  {
    name: "Lena's Kitchen",
    handle: "lenacooks",
    bio: "Weeknight recipes in 20 min",
    initials: "LK",
    links: ["This week's recipes", "My cookbook", "Kitchen gear I love"],
    screen: "bg-amber-100",
    avatar: "bg-orange-700 text-white",
    button: "rounded-full bg-orange-700 text-white",
    text: "text-amber-950",
  },
  {
    name: "Trail & Tide",
    handle: "trailandtide",
    bio: "Outdoor guides & gear reviews",
    initials: "TT",
    links: ["Summer hiking guide", "Gear reviews", "Podcast"],
    screen: "bg-forest",
    avatar: "bg-lime text-forest",
    button: "rounded-md bg-lime text-forest",
    text: "text-white",
  },
  {
    name: "Studio Noor",
    handle: "studionoor",
    bio: "Interior design, Amsterdam",
    initials: "SN",
    links: ["Portfolio", "Book a consult", "Pinterest boards"],
    screen: "bg-stone-100",
    avatar: "bg-stone-800 text-stone-50",
    button: "rounded-none border border-stone-800 text-stone-800",
    text: "text-stone-900",
  },
  {
    name: "Rico Runs",
    handle: "ricoruns",
    bio: "Marathon coach · 42 km of good vibes",
    initials: "RR",
    links: ["Training plans", "Strava club", "Shop running kits"],
    screen: "bg-gradient-to-br from-sky-400 to-cyan-600",
    avatar: "bg-white text-sky-700",
    button: "rounded-full bg-white/25 text-white backdrop-blur",
    text: "text-white",
  },
  {
    name: "The Book Nook",
    handle: "booknook",
    bio: "Indie bookshop & monthly club",
    initials: "BN",
    links: ["March book club pick", "Order online", "Events"],
    screen: "bg-rose-50",
    avatar: "bg-rose-600 text-white",
    button: "rounded-xl bg-rose-600 text-white",
    text: "text-rose-950",
  },
  {
    name: "Pixel Parade",
    handle: "pixelparade",
    bio: "Retro games, live on Tuesdays",
    initials: "PP",
    links: ["Watch the stream", "Discord", "Support the channel"],
    screen: "bg-violet-950",
    avatar: "bg-emerald-400 text-violet-950",
    button: "rounded-md bg-emerald-400 text-violet-950",
    text: "text-violet-50",
  },
];
