/**
 * Names a profile can never take: every top-level path the app serves, plus names that would
 * mislead visitors. Checked case-insensitively wherever a slug is chosen.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "404", "about", "account", "admin", "analytics", "api", "app", "apple-icon", "assets", "audience", "auth", "blog",
  "check-slug", "complete-onboarding", "update-slug", "contact", "dashboard", "design", "docs", "explore", "favicon", "help", "home", "icon", "index", "insights",
  "instagram-auto-reply", "legal", "link-shortener", "links", "login", "logout", "manifest", "me", "new",
  "next", "onboarding", "post-ideas", "preview", "pricing", "privacy", "profile", "profiles",
  "public", "register", "robots", "root", "security", "settings", "shop", "signin", "signout",
  "signup", "sitemap", "social-planner", "static", "status", "support", "terms", "u", "user",
  "users", "www", "_next",
]);
