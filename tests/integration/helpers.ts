import { randomUUID } from "node:crypto";
import { createCaller } from "@/server/api/root";
import { db, getDatabase } from "@/server/db/client";

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export function callerFor(userId: string | null, clientIp: string | null = "203.0.113.1") {
  return createCaller({ db: db(), sql: getDatabase().sql, userId, clientIp, headers: new Headers() });
}

/** Registers a fresh account through the public API and returns its id and credentials. */
export async function registeredUser(label?: string) {
  const email = uniqueEmail(label);
  const password = "correct horse battery";
  const { user } = await callerFor(null).auth.register({ email, password, password_confirm: password });
  return { id: user.id, email, password, caller: callerFor(user.id) };
}

/** A log-in answer that signed in at once (the account has no second factor). */
export function signedIn<T extends object>(answer: T | { two_factor_required: true; ticket: string }): T {
  if ("two_factor_required" in answer) throw new Error("Expected tokens, got a two-factor ticket");
  return answer;
}
