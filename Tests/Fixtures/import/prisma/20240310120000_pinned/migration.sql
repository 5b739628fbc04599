-- AlterTable
ALTER TABLE "notes" ADD COLUMN "pinned" BOOLEAN NOT NULL DEFAULT false;
