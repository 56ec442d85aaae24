-- CreateEnum
CREATE TYPE "ProfileVisibility" AS ENUM ('public', 'unlisted', 'private');

-- CreateEnum
CREATE TYPE "SubscriptionPlan" AS ENUM ('free', 'pro', 'business');

-- CreateEnum
CREATE TYPE "LinkType" AS ENUM ('regular', 'header', 'social', 'music', 'video', 'payment');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT,
    "google_sub" TEXT,
    "first_name" TEXT NOT NULL DEFAULT '',
    "last_name" TEXT NOT NULL DEFAULT '',
    "onboarding_completed" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserSettings" (
    "user_id" TEXT NOT NULL,
    "email_notifications" BOOLEAN NOT NULL DEFAULT true,
    "link_click_notifications" BOOLEAN NOT NULL DEFAULT true,
    "profile_view_notifications" BOOLEAN NOT NULL DEFAULT false,
    "monthly_report" BOOLEAN NOT NULL DEFAULT true,
    "two_factor_enabled" BOOLEAN NOT NULL DEFAULT false,
    "profile_goal" TEXT,

    CONSTRAINT "UserSettings_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "Profile" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "display_name" TEXT NOT NULL DEFAULT '',
    "title" TEXT NOT NULL DEFAULT '',
    "bio" TEXT NOT NULL DEFAULT '',
    "avatar_url" TEXT,
    "profile_image" TEXT,
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "show_branding" BOOLEAN NOT NULL DEFAULT true,
    "user_goal" TEXT,
    "onboarding_completed" BOOLEAN NOT NULL DEFAULT false,
    "profile_visibility" "ProfileVisibility" NOT NULL DEFAULT 'public',
    "show_click_stats" BOOLEAN NOT NULL DEFAULT true,
    "subscription_plan" "SubscriptionPlan" NOT NULL DEFAULT 'free',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Link" (
    "id" TEXT NOT NULL,
    "profile_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "url" TEXT NOT NULL DEFAULT '',
    "link_type" "LinkType" NOT NULL DEFAULT 'regular',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "is_adult" BOOLEAN NOT NULL DEFAULT false,
    "username" TEXT,
    "thumbnail" TEXT,
    "icon_url" TEXT,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL DEFAULT 0,
    "utm_source" TEXT,
    "utm_medium" TEXT,
    "utm_campaign" TEXT,
    "utm_term" TEXT,
    "utm_content" TEXT,
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Link_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DesignSettings" (
    "profile_id" TEXT NOT NULL,
    "wallpaper_type" TEXT NOT NULL DEFAULT 'none',
    "background_color" TEXT NOT NULL DEFAULT '#ffffff',
    "gradient_start" TEXT NOT NULL DEFAULT '#667eea',
    "gradient_end" TEXT NOT NULL DEFAULT '#764ba2',
    "gradient_angle" INTEGER NOT NULL DEFAULT 135,
    "pattern_type" TEXT NOT NULL DEFAULT 'dots',
    "pattern_color" TEXT NOT NULL DEFAULT '#000000',
    "pattern_opacity" DOUBLE PRECISION NOT NULL DEFAULT 0.1,
    "pattern_size" INTEGER NOT NULL DEFAULT 20,
    "pattern_spacing" INTEGER NOT NULL DEFAULT 30,
    "background_image_url" TEXT,
    "background_blur" INTEGER NOT NULL DEFAULT 0,
    "button_style" TEXT NOT NULL DEFAULT 'rounded',
    "button_variant" TEXT NOT NULL DEFAULT 'solid',
    "button_color" TEXT NOT NULL DEFAULT '#6366f1',
    "button_text_color" TEXT NOT NULL DEFAULT '#ffffff',
    "font_family" TEXT NOT NULL DEFAULT 'Inter',
    "font_size" INTEGER NOT NULL DEFAULT 16,
    "text_color" TEXT NOT NULL DEFAULT '#111827',
    "link_spacing" INTEGER NOT NULL DEFAULT 12,
    "animation_type" TEXT NOT NULL DEFAULT 'none',
    "animation_speed" DOUBLE PRECISION NOT NULL DEFAULT 0.3,
    "hover_effect" TEXT NOT NULL DEFAULT 'none',
    "click_animation" BOOLEAN NOT NULL DEFAULT false,
    "youtube_url" TEXT,
    "music_autoplay" BOOLEAN NOT NULL DEFAULT false,
    "music_volume" INTEGER NOT NULL DEFAULT 50,
    "hide_footer" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DesignSettings_pkey" PRIMARY KEY ("profile_id")
);

-- CreateTable
CREATE TABLE "RefreshToken" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "family_id" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RefreshToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "window_started" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMP(3),

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_google_sub_key" ON "User"("google_sub");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_slug_key" ON "Profile"("slug");

-- CreateIndex
CREATE INDEX "Profile_user_id_idx" ON "Profile"("user_id");

-- CreateIndex
CREATE INDEX "Link_profile_id_position_idx" ON "Link"("profile_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "RefreshToken_token_hash_key" ON "RefreshToken"("token_hash");

-- CreateIndex
CREATE INDEX "RefreshToken_family_id_idx" ON "RefreshToken"("family_id");

-- CreateIndex
CREATE INDEX "RefreshToken_user_id_idx" ON "RefreshToken"("user_id");

-- AddForeignKey
ALTER TABLE "UserSettings" ADD CONSTRAINT "UserSettings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Link" ADD CONSTRAINT "Link_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DesignSettings" ADD CONSTRAINT "DesignSettings_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RefreshToken" ADD CONSTRAINT "RefreshToken_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
