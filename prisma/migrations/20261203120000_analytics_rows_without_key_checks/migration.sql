-- Every counted event adds a raw event row and one or two visitor-day rows, and a foreign key
-- checked each of them against "Profile" one row at a time (about 15 µs per row on the embedded
-- database). The same batch writes its profiles' daily rows ("AnalyticsDaily"), whose key stays:
-- it checks each profile once per batch, so a batch for a profile deleted meanwhile waits for the
-- deletion and fails as before (and is retried without it). This trigger does what ON DELETE
-- CASCADE did.
-- DropForeignKey
ALTER TABLE "AnalyticsEvent" DROP CONSTRAINT "AnalyticsEvent_profile_id_fkey";

-- DropForeignKey
ALTER TABLE "AnalyticsVisitorDay" DROP CONSTRAINT "AnalyticsVisitorDay_profile_id_fkey";

CREATE FUNCTION linkbio_delete_profile_analytics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "AnalyticsEvent" WHERE profile_id = OLD.id;
  DELETE FROM "AnalyticsVisitorDay" WHERE profile_id = OLD.id;
  RETURN OLD;
END
$$;

CREATE TRIGGER "Profile_delete_analytics" AFTER DELETE ON "Profile"
  FOR EACH ROW EXECUTE FUNCTION linkbio_delete_profile_analytics();
