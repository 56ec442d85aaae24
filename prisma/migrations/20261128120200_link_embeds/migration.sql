-- AlterTable
ALTER TABLE "Link" ADD COLUMN     "embed_key" TEXT,
ADD COLUMN     "embed_thumbnail" TEXT,
ADD COLUMN     "embed_title" TEXT,
ADD COLUMN     "show_as_player" BOOLEAN NOT NULL DEFAULT true;
