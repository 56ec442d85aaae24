/** The Help Center's text: each section a few short answers, each answer with links into the app. */

export interface HelpLink {
  label: string;
  href: string;
}

export interface HelpAnswer {
  question: string;
  answer: string;
  links?: HelpLink[];
}

export interface HelpSection {
  id: string;
  title: string;
  answers: HelpAnswer[];
}

export const HELP_SECTIONS: HelpSection[] = [
  {
    id: "getting-started",
    title: "Getting started",
    answers: [
      {
        question: "What do I get?",
        answer:
          "One public page at your username's address with your name, bio, picture and links. You add links, design the page's look, share its address or QR code, and read how many people visit and click.",
        links: [{ label: "Open your links", href: "/dashboard" }],
      },
      {
        question: "How do I change my username?",
        answer:
          "In Design › Profile, edit the username after the site's address. The old address stops working at once, so update it wherever you shared it. A few names are reserved for the app's own pages (such as admin or login).",
        links: [{ label: "Open Design", href: "/design" }],
      },
      {
        question: "Can I have more than one page?",
        answer:
          "Yes. Use the profile switcher at the top of the sidebar: Create New Profile adds a page with its own username, links and design. The one you switch to is the one every screen edits.",
      },
    ],
  },
  {
    id: "links",
    title: "Links",
    answers: [
      {
        question: "How do I add, edit or reorder links?",
        answer:
          "On Links, Add Link opens the link editor. The Links manager has a quick add form, inline editing and drag handles (or focus a handle, press Space and use the arrow keys). On the dashboard, a row's menu has Edit, Duplicate, Move up, Move down and Delete.",
        links: [
          { label: "Open the dashboard", href: "/dashboard" },
          { label: "Open the Links manager", href: "/links" },
        ],
      },
      {
        question: "What can a link hold?",
        answer:
          "A title and address, a type (regular, header, social, music, video, payment), a username for social, music and video links, a thumbnail, an 18+ flag that makes visitors confirm their age, UTM parameters added to the address, and a schedule. Every field is in the link editor, opened from either screen (on the Links manager, the sliders button of a row).",
      },
      {
        question: "How do I schedule a link?",
        answer:
          "In the link editor's Schedule section, set a start, an end or both, in your own time zone. Before its start the link is marked Scheduled and stays off your page; after its end it is marked Expired and leaves the page, to the second.",
        links: [{ label: "Open the Links manager", href: "/links" }],
      },
      {
        question: "How do I hide a link without deleting it?",
        answer:
          "Switch it off with its switch on the Links manager, or with Show on my page in the link editor. It stays in your list, dimmed, with its clicks.",
      },
    ],
  },
  {
    id: "design",
    title: "Design",
    answers: [
      {
        question: "How do I change how my page looks?",
        answer:
          "Design has five sections: Profile, Wallpaper (colour, gradient, pattern or image), Style (button shape and style, colours, font), Animations and Advanced. Changes save by themselves two seconds after you stop, and the preview on the right shows the page as visitors will see it.",
        links: [{ label: "Open Design", href: "/design" }],
      },
      {
        question: "Why did my text or button colours change?",
        answer:
          "A template's colours follow its wallpaper so the page stays readable: on a light wallpaper white text turns dark, and buttons that would blend into the wallpaper get an edge. A colour you choose yourself is kept; the editor says when it reads poorly and offers a colour that reads.",
      },
      {
        question: "Which colours can I type?",
        answer:
          "#rgb, #rrggbb (with or without alpha), rgb(), hsl() and colour names such as tomato. Anything else is refused at the field, and the swatch keeps the last valid colour.",
      },
    ],
  },
  {
    id: "sharing",
    title: "Sharing and QR codes",
    answers: [
      {
        question: "What is my page's address?",
        answer:
          "It is shown at the top of the Links manager. Copy Link puts it on your clipboard; Share opens a panel with the address, your device's share sheet where there is one, and a QR code.",
        links: [{ label: "Open the Links manager", href: "/links" }],
      },
      {
        question: "How do I get a QR code?",
        answer:
          "In the Share panel (on the dashboard or the Links manager), download the code as SVG or PNG at the size you choose, in black on white or in your page's colours when they scan well. Visits through the code appear in Insights under QR code.",
        links: [{ label: "Open the dashboard", href: "/dashboard" }],
      },
      {
        question: "Who can see my page?",
        answer:
          "In Settings › Privacy: Public (anyone), Unlisted (only people with the address) or Private (only you). A link can also ask visitors to confirm before it opens; the switch is in Design › Advanced.",
        links: [{ label: "Open Settings", href: "/settings" }],
      },
    ],
  },
  {
    id: "analytics",
    title: "Analytics and how counting works",
    answers: [
      {
        question: "What do the Insights numbers mean?",
        answer:
          "Total Views counts page visits, Total Clicks counts link clicks, Unique Visitors counts different visitors, and Click Rate is clicks per view in percent. Each card compares with the previous period of the same length. Choose 7, 30 or 90 days; days follow your time zone.",
        links: [{ label: "Open Insights", href: "/insights" }],
      },
      {
        question: "Why did a visit or click not count?",
        answer:
          "One visitor counts once per page every 30 minutes and once per link every hour, so reloading does not inflate the numbers. Bots, link previews and your own visits while signed in are not counted, nor are clicks on links your page does not show.",
      },
      {
        question: "Is my visitors' privacy kept?",
        answer:
          "Addresses are never stored: a visitor is recognised by a hash that changes every day. Country comes from the address, device and browser from the browser's own description.",
      },
    ],
  },
  {
    id: "account",
    title: "Account and security",
    answers: [
      {
        question: "How do I change my password?",
        answer:
          "Settings › Security › Change Password. A new password needs at least 8 characters and must not be one of the most common passwords. Changing it signs out your other sessions.",
        links: [{ label: "Open Settings", href: "/settings" }],
      },
      {
        question: "How do I sign out everywhere or delete my account?",
        answer:
          "Settings › Security lists your active sessions and can end them. Settings › Account › Delete Account removes your account, pages, links and analytics after you confirm.",
        links: [{ label: "Open Settings", href: "/settings" }],
      },
    ],
  },
  {
    id: "api",
    title: "The API",
    answers: [
      {
        question: "Can I manage my page from my own code?",
        answer:
          "Yes: a REST API under /api/v1 does everything the app does. Sign in with POST /api/v1/auth/login/ to get an access token, then send it as Authorization: Bearer <token>. The reference lists every call with its request and answer.",
        links: [
          { label: "Open the API reference", href: "/docs/api" },
          { label: "OpenAPI document", href: "/api/v1/openapi.json" },
        ],
      },
    ],
  },
];

/** Lower-case words of a text, accents dropped, so "Códe" matches "code". */
function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9+]+/)
    .filter(Boolean);
}

/** The sections, each with only the answers that hold every word searched for (as a word's start); all of them for an empty search. */
export function searchHelp(query: string, sections: HelpSection[] = HELP_SECTIONS): HelpSection[] {
  const wanted = words(query);
  if (wanted.length === 0) return sections;
  return sections
    .map((section) => ({
      ...section,
      answers: section.answers.filter((answer) => {
        const haystack = words(
          `${section.title} ${answer.question} ${answer.answer} ${(answer.links ?? []).map((link) => link.label).join(" ")}`,
        );
        return wanted.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
      }),
    }))
    .filter((section) => section.answers.length > 0);
}
