-- DropForeignKey
ALTER TABLE "AnalyticsQuarterHour" DROP CONSTRAINT "AnalyticsQuarterHour_profile_id_fkey";

-- DropTable
DROP TABLE "AnalyticsQuarterHour";

-- CreateTable
CREATE TABLE "AnalyticsDailySlots" (
    "profile_id" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "key" TEXT NOT NULL,
    "views" INTEGER[],
    "clicks" INTEGER[],

    CONSTRAINT "AnalyticsDailySlots_pkey" PRIMARY KEY ("profile_id","dimension","day","key")
);

-- AddForeignKey
ALTER TABLE "AnalyticsDailySlots" ADD CONSTRAINT "AnalyticsDailySlots_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
