import { analyticsRouter } from "./routers/analytics";
import { apiTokenRouter } from "./routers/api-token";
import { audienceRouter } from "./routers/audience";
import { authRouter } from "./routers/auth";
import { designRouter } from "./routers/design";
import { domainRouter } from "./routers/domain";
import { importRouter } from "./routers/import";
import { linkRouter } from "./routers/link";
import { onboardingRouter } from "./routers/onboarding";
import { passkeyRouter } from "./routers/passkey";
import { profileRouter } from "./routers/profile";
import { settingsRouter } from "./routers/settings";
import { shareRouter } from "./routers/share";
import { twoFactorRouter } from "./routers/two-factor";
import { webhookRouter } from "./routers/webhook";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  apiToken: apiTokenRouter,
  profile: profileRouter,
  onboarding: onboardingRouter,
  design: designRouter,
  link: linkRouter,
  analytics: analyticsRouter,
  settings: settingsRouter,
  share: shareRouter,
  twoFactor: twoFactorRouter,
  passkey: passkeyRouter,
  domain: domainRouter,
  import: importRouter,
  webhook: webhookRouter,
  audience: audienceRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
