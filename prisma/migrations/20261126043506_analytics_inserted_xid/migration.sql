-- Each event's inserting transaction id (64-bit, as txid_current() gives it) and an index to re-read a
-- profile's rows written by transactions that were still running at a read: Insights' event cache
-- refreshes by it (services/analytics/event-cache/refresh.ts). txid_current() is stable, so rows
-- already there take the migration's id once (a fast default: no table rewrite).
-- AlterTable
ALTER TABLE "AnalyticsEvent" ADD COLUMN     "inserted_xid" BIGINT NOT NULL DEFAULT txid_current();

-- CreateIndex
CREATE INDEX "AnalyticsEvent_profile_id_inserted_xid_idx" ON "AnalyticsEvent"("profile_id", "inserted_xid");
