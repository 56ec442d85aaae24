-- CreateEnum
CREATE TYPE "SubscriberStatus" AS ENUM ('pending', 'subscribed', 'unsubscribed');

-- AlterEnum
ALTER TYPE "LinkType" ADD VALUE 'signup';

-- AlterTable
ALTER TABLE "Link" ADD COLUMN     "button_label" TEXT,
ADD COLUMN     "consent_text" TEXT,
ADD COLUMN     "success_message" TEXT;

-- CreateTable
CREATE TABLE "Subscriber" (
    "id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "status" "SubscriberStatus" NOT NULL DEFAULT 'pending',
    "country" TEXT NOT NULL DEFAULT 'ZZ',
    "referrer_host" TEXT NOT NULL DEFAULT '',
    "utm_source" TEXT NOT NULL DEFAULT '',
    "confirm_token_hash" TEXT,
    "confirm_expires_at" TIMESTAMP(3),
    "confirmation_sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMP(3),
    "unsubscribed_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Subscriber_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_confirm_token_hash_key" ON "Subscriber"("confirm_token_hash");

-- CreateIndex
CREATE INDEX "Subscriber_profile_id_created_at_idx" ON "Subscriber"("profile_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_profile_id_email_key" ON "Subscriber"("profile_id", "email");

-- AddForeignKey
ALTER TABLE "Subscriber" ADD CONSTRAINT "Subscriber_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
