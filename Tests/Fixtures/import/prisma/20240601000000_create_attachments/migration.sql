-- CreateTable
CREATE TABLE "attachments" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "note_id" INTEGER NOT NULL,
    "path" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "attachments_note_id_fkey" FOREIGN KEY ("note_id") REFERENCES "notes" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
