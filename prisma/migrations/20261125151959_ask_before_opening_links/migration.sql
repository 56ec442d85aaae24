-- AlterTable
ALTER TABLE "DesignSettings" ADD COLUMN     "ask_before_opening_links" BOOLEAN NOT NULL DEFAULT true;
