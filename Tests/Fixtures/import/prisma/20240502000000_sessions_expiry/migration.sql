-- DropIndex
DROP INDEX "sessions_user_id_idx";

-- CreateIndex
CREATE INDEX "sessions_user_id_expires_at_idx" ON "sessions"("user_id", "expires_at");
