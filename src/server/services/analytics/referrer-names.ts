// Referrer hosts as a person names them: "Direct", "QR code", and search engines and social
// networks by name, so l.instagram.com and instagram.com are one "Instagram". Other hosts stay hosts.
import { DIRECT_REFERRER } from "@/lib/schemas/analytics";

const SITES: [name: string, domains: string[]][] = [
  [
    "Google",
    ["google.com", "google.co.uk", "google.de", "google.fr", "google.co.in", "google.ca", "google.com.au", "googleusercontent.com"],
  ],
  ["Bing", ["bing.com"]],
  ["DuckDuckGo", ["duckduckgo.com"]],
  ["Yahoo", ["yahoo.com", "search.yahoo.com"]],
  ["Yandex", ["yandex.ru", "yandex.com"]],
  ["Baidu", ["baidu.com"]],
  ["Ecosia", ["ecosia.org"]],
  ["Brave Search", ["search.brave.com"]],
  ["Instagram", ["instagram.com"]],
  ["Facebook", ["facebook.com", "fb.com", "fb.me"]],
  ["X (Twitter)", ["x.com", "twitter.com", "t.co"]],
  ["LinkedIn", ["linkedin.com", "lnkd.in"]],
  ["TikTok", ["tiktok.com"]],
  ["YouTube", ["youtube.com", "youtu.be"]],
  ["Reddit", ["reddit.com"]],
  ["Pinterest", ["pinterest.com", "pin.it"]],
  ["Snapchat", ["snapchat.com"]],
  ["Threads", ["threads.net", "threads.com"]],
  ["Bluesky", ["bsky.app"]],
  ["Mastodon", ["mastodon.social"]],
  ["Discord", ["discord.com", "discord.gg"]],
  ["Telegram", ["t.me", "telegram.org"]],
  ["WhatsApp", ["whatsapp.com", "wa.me"]],
  ["Twitch", ["twitch.tv"]],
];

const byDomain = new Map(SITES.flatMap(([name, domains]) => domains.map((domain) => [domain, name] as const)));
/** Google's many country domains (google.com.br, google.es, …). */
const GOOGLE = /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/;

/** The name a stored referrer host is shown and filtered under. */
export function referrerName(host: string): string {
  if (host === "") return DIRECT_REFERRER;
  for (let domain = host; domain.includes("."); domain = domain.slice(domain.indexOf(".") + 1)) {
    const name = byDomain.get(domain);
    if (name) return name;
  }
  return GOOGLE.test(host) ? "Google" : host;
}

/** Whether a referrer filter value (a name or a host) matches a stored host. */
export function referrerMatches(value: string, host: string): boolean {
  const wanted = value.trim().toLowerCase();
  return referrerName(host).toLowerCase() === wanted || host === wanted.replace(/^www\./, "");
}
