DROP INDEX notes_pinned;
ALTER TABLE notes DROP COLUMN pinned;
