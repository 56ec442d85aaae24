import { pathParamSchemas, querySchemas, requestSchemas, responseSchemas } from "./components";

export { pathParamSchemas, querySchemas, requestSchemas, responseSchemas };

/**
 * The REST API's calls (spec section 7), described once: the route table binds a handler to each,
 * the OpenAPI document is generated from them, and the contract suite checks answers against it.
 * Paths are relative to the API root /api/v1 and written as the spec writes them (trailing
 * slash); each is also served without it.
 */

export type RequestName = keyof typeof requestSchemas;
export type ResponseName = keyof typeof responseSchemas;
export type QueryName = keyof typeof querySchemas;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 413 | 429;

export const TAGS = [
  { name: "Auth", description: "Accounts and tokens." },
  { name: "Profile", description: "The signed-in account's current profile, its design and settings, and public pages." },
  { name: "Links", description: "Links of the current profile." },
  { name: "Analytics", description: "Views and clicks of the current profile over the last 7, 30 or 90 days." },
  { name: "Multi-profile", description: "All profiles of the account; the primary one is the current one." },
] as const;
export type Tag = (typeof TAGS)[number]["name"];

export interface OperationSpec {
  method: HttpMethod;
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** bearer: a valid access token is required; optional: read when sent; none: never read. */
  auth: "bearer" | "optional" | "none";
  body?: RequestName;
  query?: QueryName;
  success: { status: 200 | 201 | 204; schema?: ResponseName; description: string };
  /** Errors the call itself can answer; 401 for bearer calls and 400/413 for bodies are implied. */
  errors: readonly ErrorStatus[];
  /** Largest accepted JSON body, in bytes (default 1 MB). */
  maxBodyBytes?: number;
  /** Answered by the custom server (src/server/public-page) before Next; documented here only. */
  servedBy?: "custom-server";
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Avatars and design images/music travel as data URLs inside the JSON body. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

const NO_PROFILE = "404 when the account has no profile yet (choose a username first).";

export const operations = {
  // ---- Auth ----------------------------------------------------------------------------------
  "auth.register": {
    method: "POST", path: "/auth/register/", tag: "Auth", auth: "none", body: "RegisterRequest",
    summary: "Create an account",
    description: "Creates the account and signs it in. Field errors are reported together, e.g. `{\"email\": [\"An account with this email already exists\"]}`.",
    success: { status: 201, schema: "AuthResult", description: "The new account with its tokens." },
    errors: [400, 429],
  },
  "auth.login": {
    method: "POST", path: "/auth/login/", tag: "Auth", auth: "none", body: "LoginRequest",
    summary: "Log in with email and password",
    description: "401 `Invalid credentials` for an unknown email or a wrong password. Repeated failures for one email and address are throttled: 429 with `Retry-After`.",
    success: { status: 200, schema: "AuthResult", description: "The account with a new token pair." },
    errors: [400, 401, 429],
  },
  "auth.google": {
    method: "POST", path: "/auth/google/", tag: "Auth", auth: "none", body: "GoogleLoginRequest",
    summary: "Log in or sign up with a Google ID token",
    success: { status: 200, schema: "GoogleAuthResult", description: "The account, a token pair and whether it was created." },
    errors: [400, 401],
  },
  "auth.logout": {
    method: "POST", path: "/auth/logout/", tag: "Auth", auth: "optional", body: "LogoutRequest",
    summary: "Log out (one sign-in, or every session of the account)",
    description: "`{\"refresh\": ...}` ends that sign-in: its refresh token and the access tokens issued with it stop working at once; unknown refresh tokens are ignored. `{\"all\": true}` with `Authorization: Bearer <access>` ends every session of the account at once: web sign-ins and every access and refresh token (401 without a valid access token).",
    success: { status: 200, schema: "Success", description: "The sign-in (or every sign-in) has ended." },
    errors: [400, 401],
  },
  "auth.refresh": {
    method: "POST", path: "/auth/refresh/", tag: "Auth", auth: "none", body: "RefreshRequest",
    summary: "Exchange a refresh token for a new access token",
    description: "Refresh tokens rotate: keep the `refresh` returned here, the one sent stops working. Presenting an already-used refresh token revokes every token of that sign-in (401).",
    success: { status: 200, schema: "Tokens", description: "A new access token and the rotated refresh token." },
    errors: [400, 401],
  },
  "auth.user": {
    method: "GET", path: "/auth/user/", tag: "Auth", auth: "bearer",
    summary: "The signed-in account",
    success: { status: 200, schema: "User", description: "The account." },
    errors: [],
  },
  "auth.deleteAccount": {
    method: "DELETE", path: "/auth/user/", tag: "Auth", auth: "bearer",
    summary: "Delete the account",
    description: "Deletes the account with its profiles, links, designs, settings, analytics and tokens, and the uploaded images no other account shows. It cannot be undone.",
    success: { status: 204, description: "Deleted; every token of the account stops working." },
    errors: [],
  },
  "auth.changePassword": {
    method: "POST", path: "/auth/password/change/", tag: "Auth", auth: "bearer", body: "ChangePasswordRequest",
    summary: "Change the password",
    description: "Ends every session of the account, this one included: web sign-ins and all access and refresh tokens stop working at once; log in again to get a new pair.",
    success: { status: 200, schema: "Success", description: "The password was changed." },
    errors: [400],
  },

  // ---- Profile -------------------------------------------------------------------------------
  "profile.me": {
    method: "GET", path: "/profiles/me/", tag: "Profile", auth: "bearer",
    summary: "The account and its current profile",
    success: { status: 200, schema: "Me", description: "`profile` is null until a username is chosen." },
    errors: [],
  },
  "profile.updateMe": {
    method: "PATCH", path: "/profiles/me/", tag: "Profile", auth: "bearer", body: "UpdateMeRequest", maxBodyBytes: UPLOAD_BODY_LIMIT,
    summary: "Update the account and its current profile",
    description: `Any subset of the fields. first_name and last_name go to the account, the rest to the current profile; \`avatar_url\` may be an image data URL. ${NO_PROFILE}`,
    success: { status: 200, schema: "Me", description: "The account and current profile after the change." },
    errors: [400, 404],
  },
  "profile.public": {
    method: "GET", path: "/profiles/{slug}/", tag: "Profile", auth: "optional",
    summary: "A public profile page's data",
    description: "Display fields, design and visible links with `is_published: true`. A private profile answers only `{slug, is_published: false}` (its owner, with a Bearer token, sees it all).",
    success: { status: 200, schema: "PublicProfile", description: "The page, or that it is not published." },
    errors: [404],
  },
  "profile.checkSlug": {
    method: "POST", path: "/profiles/check-slug/", tag: "Profile", auth: "bearer", body: "SlugRequest",
    summary: "Is a username available?",
    success: { status: 200, schema: "SlugAvailability", description: "Availability; the current profile's own slug counts as available." },
    errors: [400, 429],
  },
  "profile.updateSlug": {
    method: "POST", path: "/profiles/update-slug/", tag: "Profile", auth: "bearer", body: "SlugRequest",
    summary: "Choose or change the username",
    description: "Renames the current profile, or creates the first one. `{\"slug\": [\"This username is already taken\"]}` when taken.",
    success: { status: 200, schema: "Profile", description: "The profile with its new slug." },
    errors: [400],
  },
  "profile.completeOnboarding": {
    method: "POST", path: "/profiles/complete-onboarding/", tag: "Profile", auth: "bearer",
    summary: "Mark onboarding as finished",
    success: { status: 200, schema: "Success", description: "onboarding_completed is now true." },
    errors: [],
  },
  "design.get": {
    method: "GET", path: "/profiles/design/", tag: "Profile", auth: "bearer",
    summary: "The current profile's design",
    description: NO_PROFILE,
    success: { status: 200, schema: "Design", description: "The whole design." },
    errors: [404],
  },
  "design.save": {
    method: "PUT", path: "/profiles/design/", tag: "Profile", auth: "bearer", body: "DesignRequest", maxBodyBytes: UPLOAD_BODY_LIMIT,
    summary: "Save the design",
    description: `Any subset of the design fields is merged into the stored design; unknown enumeration values fall back to their defaults. Images and music may be data URLs. ${NO_PROFILE}`,
    success: { status: 200, schema: "Design", description: "The whole design as stored." },
    errors: [400, 404],
  },
  "design.applyTemplate": {
    method: "POST", path: "/profiles/design/template/", tag: "Profile", auth: "bearer", body: "TemplateRequest",
    summary: "Apply a design template",
    description: NO_PROFILE,
    success: { status: 200, schema: "TemplateApplied", description: "The template was applied." },
    errors: [400, 404],
  },
  "design.reset": {
    method: "POST", path: "/profiles/design/reset/", tag: "Profile", auth: "bearer",
    summary: "Reset the design to the defaults",
    description: NO_PROFILE,
    success: { status: 200, schema: "Success", description: "The design is the default one again." },
    errors: [404],
  },
  "settings.get": {
    method: "GET", path: "/profiles/settings/", tag: "Profile", auth: "bearer",
    summary: "The account's settings",
    success: { status: 200, schema: "Settings", description: "Notification switches, two-factor state and goal." },
    errors: [],
  },
  "settings.update": {
    method: "PUT", path: "/profiles/settings/", tag: "Profile", auth: "bearer", body: "UpdateSettingsRequest",
    summary: "Change settings",
    description: "Any subset; fields left out keep their value. `two_factor_enabled` is read-only (only `false` is accepted).",
    success: { status: 200, schema: "Settings", description: "All settings after the change." },
    errors: [400],
  },

  // ---- Links ---------------------------------------------------------------------------------
  "link.list": {
    method: "GET", path: "/links/", tag: "Links", auth: "bearer", query: "Page",
    summary: "The current profile's links, in order",
    description: `20 per page. ${NO_PROFILE} A page past the last one is 404.`,
    success: { status: 200, schema: "LinkPage", description: "One page of links." },
    errors: [400, 404],
  },
  "link.create": {
    method: "POST", path: "/links/", tag: "Links", auth: "bearer", body: "CreateLinkRequest",
    summary: "Add a link",
    description: `The link is appended at the end (position = number of links); \`order\`/\`position\` are accepted and ignored. A URL without a scheme gets https://. ${NO_PROFILE}`,
    success: { status: 201, schema: "Link", description: "The created link." },
    errors: [400, 404],
  },
  "link.get": {
    method: "GET", path: "/links/{id}/", tag: "Links", auth: "bearer",
    summary: "One link",
    success: { status: 200, schema: "Link", description: "The link." },
    errors: [404],
  },
  "link.update": {
    method: "PATCH", path: "/links/{id}/", tag: "Links", auth: "bearer", body: "UpdateLinkRequest",
    summary: "Change a link",
    description: "Any subset of the fields; the whole link is validated again after the change.",
    success: { status: 200, schema: "Link", description: "The updated link." },
    errors: [400, 404],
  },
  "link.delete": {
    method: "DELETE", path: "/links/{id}/", tag: "Links", auth: "bearer",
    summary: "Delete a link",
    success: { status: 204, description: "Deleted; the links after it move up." },
    errors: [404],
  },
  "link.reorder": {
    method: "POST", path: "/links/reorder/", tag: "Links", auth: "bearer", body: "ReorderLinksRequest",
    summary: "Reorder the links",
    description: "`link_ids` lists every link of the current profile, in the new order.",
    success: { status: 200, schema: "LinkList", description: "All links in their new order." },
    errors: [400, 404],
  },
  "link.toggle": {
    method: "POST", path: "/links/{id}/toggle/", tag: "Links", auth: "bearer",
    summary: "Switch a link active or inactive",
    success: { status: 200, schema: "LinkToggled", description: "The link's new state." },
    errors: [404],
  },
  "link.duplicate": {
    method: "POST", path: "/links/{id}/duplicate/", tag: "Links", auth: "bearer",
    summary: "Duplicate a link",
    success: { status: 201, schema: "Link", description: "The copy." },
    errors: [404],
  },
  "link.click": {
    method: "POST", path: "/links/{id}/click/", tag: "Links", auth: "none", body: "ClickRequest", maxBodyBytes: 4096,
    summary: "Record a click on a link (public page beacon)",
    description: "Anyone may call it. Answered 204 once the click is stored; bots and repeats from one address within the hour are answered the same but not counted (header `X-Click-Recorded`); 404 for a link its page does not show. Body up to 4 KB; an empty body is allowed. Served by the app's own HTTP server, so this call sends no CORS headers: from another origin send it as a simple request (e.g. `text/plain`).",
    success: { status: 204, description: "Recorded." },
    errors: [400, 404, 405, 413, 429],
    servedBy: "custom-server",
  },

  // ---- Analytics -----------------------------------------------------------------------------
  "analytics.overview": {
    method: "GET", path: "/analytics/overview/", tag: "Analytics", auth: "bearer", query: "AnalyticsQuery",
    summary: "Totals: views, clicks, unique visitors, click rate",
    description: NO_PROFILE,
    success: { status: 200, schema: "AnalyticsOverview", description: "Totals of the period and their change." },
    errors: [400, 404],
  },
  "analytics.links": {
    method: "GET", path: "/analytics/links/", tag: "Analytics", auth: "bearer", query: "AnalyticsQuery",
    summary: "Clicks per link",
    description: NO_PROFILE,
    success: { status: 200, schema: "AnalyticsLinks", description: "Links with their clicks in the period." },
    errors: [400, 404],
  },
  "analytics.timeline": {
    method: "GET", path: "/analytics/timeline/", tag: "Analytics", auth: "bearer", query: "TimelineQuery",
    summary: "Views and clicks per day",
    description: `Defaults to 30 days. ${NO_PROFILE}`,
    success: { status: 200, schema: "AnalyticsTimeline", description: "One point per day, oldest first." },
    errors: [400, 404],
  },
  "analytics.devices": {
    method: "GET", path: "/analytics/devices/", tag: "Analytics", auth: "bearer", query: "AnalyticsQuery",
    summary: "Views by device type",
    description: NO_PROFILE,
    success: { status: 200, schema: "AnalyticsDevices", description: "Device types with their share." },
    errors: [400, 404],
  },
  "analytics.locations": {
    method: "GET", path: "/analytics/locations/", tag: "Analytics", auth: "bearer", query: "AnalyticsQuery",
    summary: "Views by country",
    description: NO_PROFILE,
    success: { status: 200, schema: "AnalyticsLocations", description: "Countries ('Unknown' when unknown) with their share." },
    errors: [400, 404],
  },

  // ---- Multi-profile -------------------------------------------------------------------------
  "profile.list": {
    method: "GET", path: "/profiles/profiles/", tag: "Multi-profile", auth: "bearer", query: "Page",
    summary: "The account's profiles, primary first",
    description: "20 per page; a page past the last one is 404.",
    success: { status: 200, schema: "ProfilePage", description: "One page of profiles." },
    errors: [400, 404],
  },
  "profile.create": {
    method: "POST", path: "/profiles/profiles/", tag: "Multi-profile", auth: "bearer", body: "CreateProfileRequest",
    summary: "Create a profile",
    description: "The account's first profile becomes the current (primary) one.",
    success: { status: 201, schema: "Profile", description: "The new profile." },
    errors: [400],
  },
  "profile.current": {
    method: "GET", path: "/profiles/profiles/current/", tag: "Multi-profile", auth: "bearer",
    summary: "The current (primary) profile",
    description: NO_PROFILE,
    success: { status: 200, schema: "Profile", description: "The current profile." },
    errors: [404],
  },
  "profile.get": {
    method: "GET", path: "/profiles/profiles/{id}/", tag: "Multi-profile", auth: "bearer",
    summary: "One of the account's profiles",
    success: { status: 200, schema: "Profile", description: "The profile." },
    errors: [404],
  },
  "profile.update": {
    method: "PATCH", path: "/profiles/profiles/{id}/", tag: "Multi-profile", auth: "bearer", body: "UpdateProfileRequest", maxBodyBytes: UPLOAD_BODY_LIMIT,
    summary: "Change one of the account's profiles",
    success: { status: 200, schema: "Profile", description: "The updated profile." },
    errors: [400, 404],
  },
  "profile.switch": {
    method: "PUT", path: "/profiles/profiles/{id}/switch/", tag: "Multi-profile", auth: "bearer",
    summary: "Make a profile the current (primary) one",
    success: { status: 200, schema: "Profile", description: "The profile, now primary." },
    errors: [404],
  },
  "profile.delete": {
    method: "DELETE", path: "/profiles/profiles/{id}/delete/", tag: "Multi-profile", auth: "bearer",
    summary: "Delete a profile",
    description: "400 `Cannot delete your only profile` for the last one. Deleting the primary profile makes the oldest remaining one primary.",
    success: { status: 200, schema: "ProfileDeleted", description: "Deleted." },
    errors: [400, 404],
  },
} as const satisfies Record<string, OperationSpec>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type NextOperationId = { [K in OperationId]: Operations[K] extends { servedBy: string } ? never : K }[OperationId];

export type PathParamName = keyof typeof pathParamSchemas;

/** Path parameter names of a path template, in order: "/links/{id}/" → ["id"]. */
export function pathParams(path: string): PathParamName[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as PathParamName);
}
