-- Runs after 1.9 (Flyway orders versions numerically), so tags exists already.
CREATE TRIGGER notes_touch AFTER UPDATE OF title, body ON notes
BEGIN
    UPDATE notes SET updated_at = CURRENT_TIMESTAMP WHERE id = NEW.id;
END;
CREATE INDEX tags_by_folded_name ON tags (name COLLATE NOCASE);
