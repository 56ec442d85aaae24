-- Closed UTC days frozen (docs/analytics.md#frozen-days): the per-visitor-day rows grew like the raw
-- events and were kept forever. A closed day keeps, per kind of unique and key, its visitors counted
-- by the 15-minute slot they were first and last seen in, and its slot counters move to a table of
-- full pages (rows no batch updates any more).
-- CreateTable
CREATE TABLE "AnalyticsFrozenSlots" (
    "profile_id" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "key" TEXT NOT NULL,
    "views" INTEGER[],
    "clicks" INTEGER[],

    CONSTRAINT "AnalyticsFrozenSlots_pkey" PRIMARY KEY ("profile_id","dimension","day","key")
);

-- CreateTable
CREATE TABLE "AnalyticsFrozenUniques" (
    "profile_id" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "key" TEXT NOT NULL,
    "first_seen" INTEGER[],
    "last_seen" INTEGER[],

    CONSTRAINT "AnalyticsFrozenUniques_pkey" PRIMARY KEY ("profile_id","dimension","day","key")
);

-- AddForeignKey
ALTER TABLE "AnalyticsFrozenSlots" ADD CONSTRAINT "AnalyticsFrozenSlots_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalyticsFrozenUniques" ADD CONSTRAINT "AnalyticsFrozenUniques_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Frozen rows are never updated in place (a late batch adds an open row beside them).
ALTER TABLE "AnalyticsFrozenSlots" SET (fillfactor = 100);

-- Existing data: every day before yesterday (UTC) is frozen as the freeze job does
-- (src/server/services/analytics/frozen-days.ts); today and yesterday stay open.
WITH seen AS (
  SELECT profile_id, day,
         CASE link_id WHEN '' THEN 'total' WHEN '*' THEN 'clicked' ELSE 'link' END AS dimension,
         CASE WHEN link_id IN ('', '*') THEN '' ELSE link_id END AS key,
         (floor(extract(epoch FROM first_at) / 900)::int - (day - DATE '1970-01-01') * 96 + 1) AS first_slot,
         (floor(extract(epoch FROM last_at) / 900)::int - (day - DATE '1970-01-01') * 96 + 1) AS last_slot
    FROM "AnalyticsVisitorDay" WHERE day < (now() AT TIME ZONE 'UTC')::date - 1
), firsts AS (
  SELECT profile_id, day, dimension, key, first_slot AS slot, count(*)::int AS n FROM seen GROUP BY 1, 2, 3, 4, 5
), lasts AS (
  SELECT profile_id, day, dimension, key, last_slot AS slot, count(*)::int AS n FROM seen GROUP BY 1, 2, 3, 4, 5
), keys AS (
  SELECT DISTINCT profile_id, day, dimension, key FROM seen
)
INSERT INTO "AnalyticsFrozenUniques" (profile_id, dimension, day, key, first_seen, last_seen)
SELECT k.profile_id, k.dimension, k.day, k.key, array_agg(coalesce(f.n, 0) ORDER BY s.slot), array_agg(coalesce(l.n, 0) ORDER BY s.slot)
  FROM keys k CROSS JOIN generate_series(1, 96) AS s(slot)
  LEFT JOIN firsts f ON f.profile_id = k.profile_id AND f.day = k.day AND f.dimension = k.dimension AND f.key = k.key AND f.slot = s.slot
  LEFT JOIN lasts l ON l.profile_id = k.profile_id AND l.day = k.day AND l.dimension = k.dimension AND l.key = k.key AND l.slot = s.slot
 GROUP BY 1, 2, 3, 4;

DELETE FROM "AnalyticsVisitorDay" WHERE day < (now() AT TIME ZONE 'UTC')::date - 1;

INSERT INTO "AnalyticsFrozenSlots" (profile_id, dimension, day, key, views, clicks)
SELECT profile_id, dimension, day, key, views, clicks FROM "AnalyticsDailySlots" WHERE day < (now() AT TIME ZONE 'UTC')::date - 1;

DELETE FROM "AnalyticsDailySlots" WHERE day < (now() AT TIME ZONE 'UTC')::date - 1;
