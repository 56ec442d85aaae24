-- AlterTable
ALTER TABLE "Profile" ALTER COLUMN "show_click_stats" SET DEFAULT false;

-- Until now the switch had no visible effect; now it shows counts to visitors, so nobody's counts
-- become public without them turning it on.
UPDATE "Profile" SET "show_click_stats" = false;
