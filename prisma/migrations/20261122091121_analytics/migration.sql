-- CreateEnum
CREATE TYPE "AnalyticsEventType" AS ENUM ('view', 'click');

-- CreateTable
CREATE TABLE "AnalyticsEvent" (
    "id" BIGSERIAL NOT NULL,
    "type" "AnalyticsEventType" NOT NULL,
    "profile_id" TEXT NOT NULL,
    "link_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "device_type" TEXT NOT NULL,
    "browser" TEXT NOT NULL,
    "os" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "referrer_host" TEXT NOT NULL,
    "visitor_hash" TEXT NOT NULL,

    CONSTRAINT "AnalyticsEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AnalyticsDaily" (
    "profile_id" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "key" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "uniques" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AnalyticsDaily_pkey" PRIMARY KEY ("profile_id","dimension","day","key")
);

-- CreateTable
CREATE TABLE "AnalyticsQuarterHour" (
    "profile_id" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "key" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AnalyticsQuarterHour_pkey" PRIMARY KEY ("profile_id","dimension","bucket","key")
);

-- CreateTable
CREATE TABLE "AnalyticsVisitorDay" (
    "profile_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "link_id" TEXT NOT NULL,
    "visitor_hash" TEXT NOT NULL,
    "first_at" TIMESTAMPTZ(3) NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AnalyticsVisitorDay_pkey" PRIMARY KEY ("profile_id","day","link_id","visitor_hash")
);

-- CreateIndex
CREATE INDEX "AnalyticsEvent_profile_id_created_at_idx" ON "AnalyticsEvent"("profile_id", "created_at");

-- AddForeignKey
ALTER TABLE "AnalyticsEvent" ADD CONSTRAINT "AnalyticsEvent_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalyticsDaily" ADD CONSTRAINT "AnalyticsDaily_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalyticsQuarterHour" ADD CONSTRAINT "AnalyticsQuarterHour_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnalyticsVisitorDay" ADD CONSTRAINT "AnalyticsVisitorDay_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
