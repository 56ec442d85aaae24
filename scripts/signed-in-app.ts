// The production server as the signed-in benchmarks see it: a scratch embedded database holding one
// creator with ten links, a visitor's view and click (so Insights draws its charts and tables), and
// a web session cookie for that creator. Shared by bench:lighthouse and bench:js-bytes.
import { encode } from "next-auth/jwt";
import { freePort, startApp, type AppProcess } from "./app-process";
import { benchDatabase, migrate, seedCreator } from "./bench-common";
import { seedPlayers } from "./bench-players";

/** The screens a signed-in creator lands on, measured by both benchmarks. */
export const SIGNED_IN_PATHS = ["/dashboard", "/links", "/design", "/insights", "/settings"];

const AUTH_SECRET = process.env.AUTH_SECRET ?? "bench-lighthouse-secret";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export interface SignedInApp {
  /** http://localhost:<port>, the app's own origin (APP_URL), so canonical links and redirects stay on it. */
  origin: string;
  /** The Cookie header of the creator's web session. */
  cookie: string;
  slug: string;
  stop(): Promise<void>;
}

export async function startSignedInApp(): Promise<SignedInApp> {
  const database = await benchDatabase(true, null);
  let app: AppProcess | undefined;
  try {
    const setup = database.open();
    await migrate(setup);
    const { user, profile, links } = await seedCreator(setup, 10);
    await seedPlayers(setup, profile.id, links.length);
    // A web session as signing in starts one: a Session row, named by the cookie's signed token.
    const session = await setup.prisma.session.create({
      data: { user_id: user.id, kind: "web", browser: "Chrome", os: "Linux", country: "ZZ" },
    });
    const token = await encode({ token: { sub: user.id, sid: session.id, email: user.email }, secret: AUTH_SECRET });
    await setup.close();
    const port = await freePort();
    app = await startApp({ entry: "server.ts", port, env: { ...database.env, AUTH_SECRET } });
    const origin = `http://localhost:${port}`;
    await fetch(`${origin}/u/${profile.slug}`, { headers: { "user-agent": BROWSER } });
    await fetch(`${origin}/api/v1/links/${links[0]!.id}/click/`, { method: "POST", headers: { "user-agent": BROWSER } });
    const started = app;
    return {
      origin,
      cookie: `next-auth.session-token=${token}`,
      slug: profile.slug,
      stop: async () => {
        await started.stop();
        await database.cleanup();
      },
    };
  } catch (error) {
    await app?.stop();
    await database.cleanup();
    throw error;
  }
}
