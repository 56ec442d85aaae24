-- AlterTable
ALTER TABLE "DesignSettings" ADD COLUMN     "background_music_url" TEXT;
