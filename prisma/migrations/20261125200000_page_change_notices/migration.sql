-- Every committed change to what a public page shows is announced to the other instances by the
-- database itself: pg_notify inside the writing transaction is delivered exactly when it commits,
-- so an instance that dies right after committing, or a write made outside the app, still empties
-- the others' page caches. The payload is the one src/server/db/page-changes.ts decodes:
-- {"s": slugs, "p": profile ids, "u": user ids}. Identical notices in one transaction are folded
-- into one by PostgreSQL, so reordering fifty links sends one.

CREATE FUNCTION linkbio_page_change_notice(slugs text[], profile_ids text[], user_ids text[]) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_notify('linkbio_public_pages', json_build_object('s', slugs, 'p', profile_ids, 'u', user_ids)::text)
$$;

-- A user's change reaches every page of theirs (display name, badges).
CREATE FUNCTION linkbio_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM linkbio_page_change_notice('{}', '{}', ARRAY[OLD.id]);
  RETURN NULL;
END $$;

-- A profile's change reaches its page under its old and its new slug.
CREATE FUNCTION linkbio_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM linkbio_page_change_notice(ARRAY[OLD.slug], ARRAY[OLD.id], '{}');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM linkbio_page_change_notice(ARRAY[NEW.slug], ARRAY[NEW.id], '{}');
  END IF;
  RETURN NULL;
END $$;

-- A link's or a design's change reaches its profile's page (both pages, should it move).
CREATE FUNCTION linkbio_profile_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM linkbio_page_change_notice('{}', ARRAY[OLD.profile_id], '{}');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM linkbio_page_change_notice('{}', ARRAY[NEW.profile_id], '{}');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "User_page_change" AFTER UPDATE OR DELETE ON "User"
  FOR EACH ROW EXECUTE FUNCTION linkbio_user_changed();
CREATE TRIGGER "Profile_page_change" AFTER INSERT OR UPDATE OR DELETE ON "Profile"
  FOR EACH ROW EXECUTE FUNCTION linkbio_profile_changed();
CREATE TRIGGER "DesignSettings_page_change" AFTER INSERT OR UPDATE OR DELETE ON "DesignSettings"
  FOR EACH ROW EXECUTE FUNCTION linkbio_profile_part_changed();
CREATE TRIGGER "Link_page_change" AFTER INSERT OR DELETE ON "Link"
  FOR EACH ROW EXECUTE FUNCTION linkbio_profile_part_changed();
-- The click counter does not change a cached page (pages showing counts expire on their own), and
-- the analytics writer bumps it with every batch.
CREATE TRIGGER "Link_page_change_update" AFTER UPDATE ON "Link"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'clicks') IS DISTINCT FROM (to_jsonb(NEW) - 'clicks'))
  EXECUTE FUNCTION linkbio_profile_part_changed();
