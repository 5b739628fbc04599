-- AlterTable
ALTER TABLE "attachments" ADD COLUMN "mime_type" TEXT NOT NULL DEFAULT 'application/octet-stream';
