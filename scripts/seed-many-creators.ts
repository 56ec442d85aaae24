// Many public profiles written in a few statements (bench:public's many-creators shape): users,
// profiles /u/many_1 … /u/many_N with their design settings, and `linksEach` links per profile.
import type { Database } from "../src/server/db/client";

export const MANY_CREATORS_SLUG_PREFIX = "many_";

export async function seedManyCreators(database: Database, creators: number, linksEach: number): Promise<void> {
  const slug = `'${MANY_CREATORS_SLUG_PREFIX}' || i`;
  await database.sql.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO "User" (id, email, onboarding_completed, updated_at)
       SELECT 'many-user-' || i, 'many-' || i || '@example.com', true, now() FROM generate_series(1, $1::int) AS i`,
      [creators],
    );
    await tx.query(
      `INSERT INTO "Profile" (id, user_id, slug, display_name, bio, is_primary, onboarding_completed, updated_at)
       SELECT 'many-profile-' || i, 'many-user-' || i, ${slug}, 'Creator ' || i, 'One of many creators.', true, true, now()
       FROM generate_series(1, $1::int) AS i`,
      [creators],
    );
    await tx.query(
      `INSERT INTO "DesignSettings" (profile_id, updated_at) SELECT 'many-profile-' || i, now() FROM generate_series(1, $1::int) AS i`,
      [creators],
    );
    await tx.query(
      `INSERT INTO "Link" (id, profile_id, title, url, position, updated_at)
       SELECT 'many-link-' || i || '-' || j, 'many-profile-' || i, 'Link ' || j, 'https://example.com/' || i || '/' || j, j - 1, now()
       FROM generate_series(1, $1::int) AS i, generate_series(1, $2::int) AS j`,
      [creators, linksEach],
    );
  });
}
