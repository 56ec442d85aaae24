-- CreateTable
CREATE TABLE "AnalyticsRepeat" (
    "key" TEXT NOT NULL,
    "counted_at" TIMESTAMPTZ(3),

    CONSTRAINT "AnalyticsRepeat_pkey" PRIMARY KEY ("key")
);
