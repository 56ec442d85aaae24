import { handleRestRequest } from "@/server/rest/handler";
import { callerFor, registeredUser, signedIn } from "./helpers";

/** A REST answer as a client reads it. */
export interface RestAnswer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, read by the assertions
  body: any;
}

/** One REST call through the adapter, as the custom server hands it over. */
export async function rest(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RestAnswer> {
  const headers = new Headers({ "content-type": "application/json", ...options.headers });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await handleRestRequest(new Request(`http://localhost/api/v1${path}`, { method, headers, body }));
  const text = await response.text();
  // A file answer (an export's CSV) is kept as text; every other answer is JSON.
  const json = /json/.test(response.headers.get("content-type") ?? "application/json");
  return { status: response.status, headers: response.headers, body: text ? (json ? JSON.parse(text) : text) : undefined };
}

/** A registered account with a username, signed in over REST (its access token). */
export async function restAccount(label: string) {
  const user = await registeredUser(label);
  await user.caller.profile.updateSlug({ slug: `${label.slice(0, 8)}_${user.id.slice(-8)}` });
  const { access } = signedIn(await callerFor(null).auth.login({ email: user.email, password: user.password }));
  return { ...user, access };
}

/** A new API token of the account, made through REST with its access token. */
export async function apiToken(
  access: string,
  scopes: string[],
  extra: Record<string, unknown> = {},
): Promise<{ id: string; token: string }> {
  const answer = await rest("POST", "/auth/tokens/", {
    token: access,
    body: { name: `token ${scopes.join(" ")}`.slice(0, 100), scopes, ...extra },
  });
  if (answer.status !== 201) throw new Error(`Token creation answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
