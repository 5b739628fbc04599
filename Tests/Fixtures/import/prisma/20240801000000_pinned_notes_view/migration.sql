-- Written by hand
CREATE VIEW "pinned_notes" AS SELECT "id", "user_id", "title" FROM "notes" WHERE "pinned" = 1;
