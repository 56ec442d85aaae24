-- Breakdowns (device, country, referrer, browser, OS, utm_*) are no longer written with each batch:
-- days after this mark are counted from the raw events, and the freeze writes their rollups once.
-- Every day up to the last closed one (before yesterday, UTC) already has them, written by batches.
CREATE TABLE "AnalyticsBreakdownsThrough" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "day" DATE NOT NULL,

    CONSTRAINT "AnalyticsBreakdownsThrough_pkey" PRIMARY KEY ("id")
);

INSERT INTO "AnalyticsBreakdownsThrough" ("id", "day") VALUES (1, (now() AT TIME ZONE 'UTC')::date - 2);
