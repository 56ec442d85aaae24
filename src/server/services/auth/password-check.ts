import type { PrismaClient, User } from "@/generated/prisma/client";
import { ServiceError } from "../errors";
import { assertWithinLimit } from "../rate-limit/limits";
import { clearFailedLogins, takeLoginAttempt } from "./login-throttle";
import { verifyPassword } from "./password";

export const NO_PASSWORD_YET = "Set a password first (Forgot your password? on the log-in page)";

/**
 * The account's own password, asked again by a signed-in change: counted like log-ins (the address's
 * hashing limit, then the account-and-address throttle), so a stolen session cannot guess it at speed.
 */
export async function assertAccountPassword(
  db: PrismaClient,
  user: User,
  password: string,
  clientIp: string | null,
  field = "current_password",
): Promise<void> {
  await assertWithinLimit("password", clientIp);
  await takeLoginAttempt(db, user.email, clientIp);
  if (!user.password_hash) throw new ServiceError("BAD_REQUEST", NO_PASSWORD_YET, { fields: { [field]: [NO_PASSWORD_YET] } });
  if (!(await verifyPassword(user.password_hash, password))) {
    const message = field === "password" ? "Password is incorrect" : "Current password is incorrect";
    throw new ServiceError("BAD_REQUEST", message, { fields: { [field]: [message] } });
  }
  await clearFailedLogins(db, user.email, clientIp);
}
