-- AlterTable
ALTER TABLE "users" ADD COLUMN "last_seen_at" DATETIME;
