-- One link's detail reads its clicks through this index; page views (link_id NULL, most events)
-- took an entry each that no query reads.
DROP INDEX "AnalyticsEvent_profile_id_link_id_created_at_idx";
CREATE INDEX "AnalyticsEvent_profile_id_link_id_created_at_idx" ON "AnalyticsEvent"("profile_id", "link_id", "created_at") WHERE "link_id" IS NOT NULL;
