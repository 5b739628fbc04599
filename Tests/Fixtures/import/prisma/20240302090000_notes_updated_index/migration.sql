-- CreateIndex
CREATE INDEX "notes_updated_at_idx" ON "notes"("updated_at");
