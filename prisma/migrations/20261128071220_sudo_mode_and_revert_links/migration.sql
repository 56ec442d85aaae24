-- AlterTable
ALTER TABLE "EmailToken" ADD COLUMN     "changed_since" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "verified_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Sessions from before count as proven at their sign-in, not at this migration.
UPDATE "Session" SET "verified_at" = "created_at";
