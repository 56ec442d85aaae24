import { authRouter } from "./routers/auth";
import { designRouter } from "./routers/design";
import { linkRouter } from "./routers/link";
import { onboardingRouter } from "./routers/onboarding";
import { profileRouter } from "./routers/profile";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  profile: profileRouter,
  onboarding: onboardingRouter,
  design: designRouter,
  link: linkRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
