-- When each event's inserting transaction began, by the database's clock, and an index to re-read a
-- profile's recent inserts: Insights' event cache refreshes by it (services/analytics/event-cache/refresh.ts).
-- The default is evaluated once for the rows already there (a fast default: no table rewrite).
-- AlterTable
ALTER TABLE "AnalyticsEvent" ADD COLUMN     "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "AnalyticsEvent_profile_id_inserted_at_idx" ON "AnalyticsEvent"("profile_id", "inserted_at");
