-- CreateIndex (partial, by hand)
CREATE INDEX "notes_pinned_idx" ON "notes"("user_id") WHERE "pinned" = 1;
