-- CreateEnum
CREATE TYPE "CustomDomainStatus" AS ENUM ('pending', 'active');

-- CreateTable
CREATE TABLE "CustomDomain" (
    "profile_id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "status" "CustomDomainStatus" NOT NULL DEFAULT 'pending',
    "active_domain" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified_at" TIMESTAMP(3),
    "checked_at" TIMESTAMP(3),
    "missing_since" TIMESTAMP(3),

    CONSTRAINT "CustomDomain_pkey" PRIMARY KEY ("profile_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CustomDomain_active_domain_key" ON "CustomDomain"("active_domain");

-- CreateIndex
CREATE INDEX "CustomDomain_domain_idx" ON "CustomDomain"("domain");

-- CreateIndex
CREATE INDEX "CustomDomain_status_checked_at_idx" ON "CustomDomain"("status", "checked_at");

-- AddForeignKey
ALTER TABLE "CustomDomain" ADD CONSTRAINT "CustomDomain_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A custom domain's change reaches every instance's Host map and allowed set, and its profile's
-- page: the payload adds "d", the domains whose serving may have changed
-- (src/server/db/page-changes.ts). The daily re-check's bookkeeping (checked_at, missing_since)
-- changes nothing served, so it sends nothing.
CREATE FUNCTION linkbio_custom_domain_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('linkbio_public_pages',
      json_build_object('s', '{}'::text[], 'p', ARRAY[OLD.profile_id], 'u', '{}'::text[], 'd', ARRAY[OLD.domain])::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('linkbio_public_pages',
      json_build_object('s', '{}'::text[], 'p', ARRAY[NEW.profile_id], 'u', '{}'::text[], 'd', ARRAY[NEW.domain])::text);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "CustomDomain_change" AFTER INSERT OR DELETE ON "CustomDomain"
  FOR EACH ROW EXECUTE FUNCTION linkbio_custom_domain_changed();
CREATE TRIGGER "CustomDomain_change_update" AFTER UPDATE ON "CustomDomain"
  FOR EACH ROW WHEN ((OLD.domain, OLD.status, OLD.active_domain) IS DISTINCT FROM (NEW.domain, NEW.status, NEW.active_domain))
  EXECUTE FUNCTION linkbio_custom_domain_changed();
