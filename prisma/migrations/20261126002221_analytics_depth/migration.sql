-- Raw events, partitioned by month of created_at (declarative partitioning), with the utm_* of the
-- address a page view arrived with. Old months are dropped a partition at a time
-- (src/server/services/analytics/retention.ts); the rollups keep answering for them.
ALTER TABLE "AnalyticsEvent" RENAME TO "AnalyticsEvent_unpartitioned";
ALTER TABLE "AnalyticsEvent_unpartitioned" RENAME CONSTRAINT "AnalyticsEvent_pkey" TO "AnalyticsEvent_unpartitioned_pkey";
ALTER TABLE "AnalyticsEvent_unpartitioned" DROP CONSTRAINT "AnalyticsEvent_profile_id_fkey";
ALTER INDEX "AnalyticsEvent_profile_id_created_at_idx" RENAME TO "AnalyticsEvent_unpartitioned_profile_id_created_at_idx";
ALTER SEQUENCE "AnalyticsEvent_id_seq" OWNED BY NONE;

CREATE TABLE "AnalyticsEvent" (
    "id" BIGINT NOT NULL DEFAULT nextval('"AnalyticsEvent_id_seq"'),
    "type" "AnalyticsEventType" NOT NULL,
    "profile_id" TEXT NOT NULL,
    "link_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "device_type" TEXT NOT NULL,
    "browser" TEXT NOT NULL,
    "os" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "referrer_host" TEXT NOT NULL,
    "visitor_hash" TEXT NOT NULL,
    "utm_source" TEXT NOT NULL DEFAULT '',
    "utm_medium" TEXT NOT NULL DEFAULT '',
    "utm_campaign" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "AnalyticsEvent_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");

-- Events of a month without its own partition land here until the month's partition is made.
CREATE TABLE "AnalyticsEvent_default" PARTITION OF "AnalyticsEvent" DEFAULT;

-- One partition per month from the oldest stored event to next month (UTC months).
DO $$
DECLARE
  month timestamptz;
BEGIN
  month := date_trunc('month', coalesce((SELECT min(created_at) FROM "AnalyticsEvent_unpartitioned"), now()) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  WHILE month <= (date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') + interval '1 month' LOOP
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF "AnalyticsEvent" FOR VALUES FROM (%L) TO (%L)',
      'AnalyticsEvent_' || to_char(month AT TIME ZONE 'UTC', 'YYYY_MM'),
      month,
      month + interval '1 month'
    );
    month := month + interval '1 month';
  END LOOP;
END $$;

INSERT INTO "AnalyticsEvent" (id, type, profile_id, link_id, created_at, device_type, browser, os, country, referrer_host, visitor_hash)
SELECT id, type, profile_id, link_id, created_at, device_type, browser, os, country, referrer_host, visitor_hash FROM "AnalyticsEvent_unpartitioned";

-- Browser and OS rollups (daily rows and their 15-minute slots) for the events stored before they were kept.
CREATE TEMPORARY TABLE "backfill_slots" ON COMMIT DROP AS
SELECT profile_id, d.dimension, (date '1970-01-01' + (s / 96)::int) AS day, d.key, (s % 96)::int + 1 AS slot,
       count(*) FILTER (WHERE type = 'view')::int AS views, count(*) FILTER (WHERE type = 'click')::int AS clicks
  FROM (SELECT *, floor(extract(epoch FROM created_at) / 900)::bigint AS s FROM "AnalyticsEvent_unpartitioned") AS e,
       LATERAL (VALUES ('browser', e.browser), ('os', e.os)) AS d(dimension, key)
 GROUP BY 1, 2, 3, 4, 5;

INSERT INTO "AnalyticsDaily" (profile_id, dimension, day, key, views, clicks, uniques)
SELECT profile_id, dimension, day, key, sum(views), sum(clicks), 0 FROM "backfill_slots" GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;

INSERT INTO "AnalyticsDailySlots" (profile_id, dimension, day, key, views, clicks)
SELECT k.profile_id, k.dimension, k.day, k.key,
       array_agg(coalesce(b.views, 0) ORDER BY i.slot), array_agg(coalesce(b.clicks, 0) ORDER BY i.slot)
  FROM (SELECT DISTINCT profile_id, dimension, day, key FROM "backfill_slots") AS k
 CROSS JOIN generate_series(1, 96) AS i(slot)
  LEFT JOIN "backfill_slots" AS b USING (profile_id, dimension, day, key, slot)
 GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;

-- Unique clickers of a page ("visitors who clicked"): one visitor-day row per clicker with link_id '*'.
INSERT INTO "AnalyticsVisitorDay" (profile_id, day, link_id, visitor_hash, first_at, last_at)
SELECT profile_id, day, '*', visitor_hash, min(first_at), max(last_at) FROM "AnalyticsVisitorDay" WHERE link_id <> '' GROUP BY 1, 2, 4
ON CONFLICT DO NOTHING;

INSERT INTO "AnalyticsDaily" (profile_id, dimension, day, key, views, clicks, uniques)
SELECT profile_id, 'clicked', day, '', 0, 0, count(*) FROM "AnalyticsVisitorDay" WHERE link_id = '*' GROUP BY 1, 3
ON CONFLICT DO NOTHING;

UPDATE "AnalyticsDaily" AS c SET clicks = l.clicks
  FROM (SELECT profile_id, day, sum(clicks)::int AS clicks FROM "AnalyticsDaily" WHERE dimension = 'link' GROUP BY 1, 2) AS l
 WHERE c.dimension = 'clicked' AND c.profile_id = l.profile_id AND c.day = l.day;

DROP TABLE "AnalyticsEvent_unpartitioned";

ALTER SEQUENCE "AnalyticsEvent_id_seq" OWNED BY "AnalyticsEvent"."id";

-- CreateIndex
CREATE INDEX "AnalyticsEvent_profile_id_created_at_idx" ON "AnalyticsEvent"("profile_id", "created_at");
CREATE INDEX "AnalyticsEvent_profile_id_link_id_created_at_idx" ON "AnalyticsEvent"("profile_id", "link_id", "created_at");

-- AddForeignKey
ALTER TABLE "AnalyticsEvent" ADD CONSTRAINT "AnalyticsEvent_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
